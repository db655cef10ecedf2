import { useEffect, useState } from 'react';
import { serverNow } from './config.js';

/** The server's now, re-read every `ms`: ticket ages tick with it. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => serverNow().getTime());
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow().getTime()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
