import { useState } from 'react';

/**
 * Whether `open` has ever been true. A lazily loaded dialog mounts when first opened and then stays mounted,
 * so it keeps its state and its closing transition as if it had been there from the start.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
