import { useEffect, useRef } from 'react';

/** How long a new screen may take to show its heading (its code may still be loading). */
const HEADING_WAIT_MS = 3000;

const dropped = () => document.activeElement === null || document.activeElement === document.body;

/**
 * After a move to another screen, a keyboard or screen-reader user whose focus went with the control that
 * took them there (a menu item, Order now, Back) lands on the new screen's heading, not at the top of the
 * document. Focus that is still somewhere (a tab bar link, a field the screen focused) is left alone.
 */
export function useFocusOnNavigation(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = performance.now();
    let frame = requestAnimationFrame(function look() {
      if (!dropped()) return;
      // Not the loading screen's, shown while the screen's code loads: the focus waits for the screen's own.
      const heading = document.querySelector<HTMLElement>('main h1:not([data-loading]), h1:not([data-loading])');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.style.outline = 'none';
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(look);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
