/**
 * The room the phone's bottom tab bar takes at the screen's foot, kept free under the page's content and under a
 * toast. In rem: with large text the bar's labels, and so the bar, grow.
 */
export const TAB_BAR_ROOM = '5rem';
