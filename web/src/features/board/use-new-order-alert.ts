import type { Order } from '@drinks/contracts';
import { useEffect, useRef, useState } from 'react';
import { subscribeLive } from '../../lib/live-events.js';

let audio: AudioContext | null = null;

/** A short two-tone beep; browsers may keep audio muted until the first tap. */
export function beep(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const t = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.2, t + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, t + i * 0.15 + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.15);
      osc.stop(t + i * 0.15 + 0.15);
    }
  } catch (err) {
    console.warn('beep failed', err);
  }
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
