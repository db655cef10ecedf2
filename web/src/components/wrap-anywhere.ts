/**
 * Text that may be one long word (a name, a remark, an address) breaks anywhere rather than widening the
 * page: a 320 px phone was pushed to 724 px and Place order off screen. `minWidth: 0` lets a flex or grid
 * item shrink below its longest word, which it otherwise will not.
 */
export const wrapAnywhere = { minWidth: 0, overflowWrap: 'anywhere' } as const;
