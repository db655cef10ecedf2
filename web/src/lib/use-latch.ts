import { useRef, useState } from 'react';

/**
 * Lets one submission through at a time. A second tap can land before React has re-rendered the
 * disabled button, so the check reads a ref; `held` is the same thing as state, for disabling the button.
 */
export function useLatch() {
  const latched = useRef(false);
  const [held, setHeld] = useState(false);
  const set = (on: boolean) => {
    latched.current = on;
    setHeld(on);
  };
  return {
    held,
    /** False while another submission holds the latch; otherwise holds it and returns true. */
    take: (): boolean => {
      if (latched.current) return false;
      set(true);
      return true;
    },
    release: () => set(false),
  };
}
