import { useEffect, useRef, type RefObject } from 'react';

/**
 * Gives `ref`'s control the focus when it comes back (`shown` turns true) while the focus is nowhere: the
 * controls of a mode that just ended (Exit Select, Cancel) went with the focus, which fell to the page.
 */
export function useFocusOnReturn(ref: RefObject<HTMLElement | null>, shown: boolean): void {
  const wasShown = useRef(shown);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (shown && !wasShown.current && lost) ref.current?.focus();
    wasShown.current = shown;
  }, [shown, ref]);
}
