import { useInsertionEffect } from 'react';

/**
 * Stands in for @emotion/use-insertion-effect-with-fallbacks (vite.config.ts aliases it here). Emotion inserts
 * each component's styles from an insertion effect when React has one, so in the commit: on the board's first
 * render that is ~390 rules parsed by stylis and inserted in one task React cannot slice (329 ms at 4x in
 * Lighthouse's trace). Inserted while rendering, as emotion does where React has no such effect, they are made
 * in the first render's slices, which yield to the browser. An interrupted render leaves unused rules behind,
 * which cost nothing. Global styles (CssBaseline) keep the insertion effect.
 */
export const useInsertionEffectAlwaysWithSyncFallback = <T>(create: () => T): T => create();
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
