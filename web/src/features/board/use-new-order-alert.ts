import type { Order } from '@drinks/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { playTones, soundBlocked, unlockSound } from '../../components/tones.js';
import { subscribeLive } from '../../lib/live-events.js';

/** A short two-tone beep for a new order. */
export function beep(): void {
  playTones([880, 1320], { step: 0.15, length: 0.14, volume: 0.2 });
}

/** The softer reminder while new orders wait unacknowledged. */
function chime(): void {
  playTones([660, 880], { step: 0.2, length: 0.3, volume: 0.08 });
}

export const CHIME_REPEAT_MS = 30_000;

/**
 * New orders the barista has not acknowledged yet. An order leaves the list when acknowledged (a tap),
 * when it is started or cancelled, or when the board stops showing it; only orders the board shows beep.
 * An order the board already held in any list (`known`) is not new when it waits again: a recalled one.
 * New is what came after each list's first answer, by a live message or in a later answer: orders placed
 * while the live socket was down arrive with the refetch its reconnection makes.
 */
export function useNewOrderAlert(shown: readonly Order[], known: readonly (readonly Order[] | undefined)[] = []) {
  const [unacked, setUnacked] = useState<readonly string[]>([]);
  const seen = useRef(new Set<string>());
  const answered = useRef(new Set<number>());
  // After each render: a live message about an order is handled before the lists holding it re-render.
  useEffect(() => {
    const arrived: string[] = [];
    known.forEach((list, i) => {
      if (list === undefined) return;
      const first = !answered.current.has(i);
      answered.current.add(i);
      for (const o of list) {
        if (seen.current.has(o.id)) continue;
        seen.current.add(o.id);
        if (!first && o.status === 'ordered') arrived.push(o.id);
      }
    });
    if (arrived.length > 0) setUnacked((ids) => [...ids, ...arrived]);
  }, [known]);
  const shownIds = useMemo(() => new Set(shown.map((o) => o.id)), [shown]);
  const shownRef = useRef(shownIds);
  useEffect(() => {
    shownRef.current = shownIds;
  }, [shownIds]);

  useEffect(
    () =>
      subscribeLive((msg) => {
        if (msg.type !== 'orders') return;
        const o = msg.data;
        if (o.status !== 'ordered') {
          setUnacked((ids) => (ids.includes(o.id) ? ids.filter((id) => id !== o.id) : ids));
          return;
        }
        if (seen.current.has(o.id)) return;
        seen.current.add(o.id);
        setUnacked((ids) => [...ids, o.id]);
      }),
    [],
  );

  const fresh = useMemo(() => shown.filter((o) => unacked.includes(o.id)), [shown, unacked]);
  const announced = useRef(new Set<string>());
  useEffect(() => {
    const news = fresh.filter((o) => !announced.current.has(o.id));
    for (const o of news) announced.current.add(o.id);
    if (news.length > 0) beep();
  }, [fresh]);

  const waiting = fresh.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(chime, CHIME_REPEAT_MS);
    return () => clearInterval(t);
  }, [waiting]);

  return { fresh, acknowledge: () => setUnacked([]) };
}

/** True until the first tap or key press lets the page play sound. */
export function useSoundBlocked() {
  const [blocked, setBlocked] = useState(soundBlocked);
  useEffect(() => {
    if (!blocked) return;
    const unlock = () => void unlockSound().then((ok) => ok && setBlocked(false));
    window.addEventListener('click', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('click', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [blocked]);
  return { blocked, unlock: () => void unlockSound().then((ok) => ok && setBlocked(false)) };
}
