import { playTones } from '../../components/tones.js';
import type { Order } from '@drinks/contracts';
import { useEffect, useRef, useState } from 'react';
import { subscribeLive } from '../../lib/live-events.js';

/** A short two-tone beep. */
export function beep(): void {
  playTones([880, 1320], { step: 0.15, length: 0.14, volume: 0.2 });
}

/** Counts orders placed since the barista last acknowledged them, and beeps for each. */
export function useNewOrderAlert() {
  const [fresh, setFresh] = useState<Order[]>([]);
  const seen = useRef(new Set<string>());
  useEffect(
    () =>
      subscribeLive((msg) => {
        if (msg.type !== 'orders' || msg.data.status !== 'ordered' || seen.current.has(msg.data.id)) return;
        seen.current.add(msg.data.id);
        setFresh((list) => [...list, msg.data]);
        beep();
      }),
    [],
  );
  return { fresh, acknowledge: () => setFresh([]) };
}
