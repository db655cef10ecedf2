import { LiveMessage } from '@drinks/contracts';

/** The contract's check of a live message: a chunk of its own, with zod, which live-events loads when needed. */
export function checkLiveMessage(raw: unknown): LiveMessage | null {
  const result = LiveMessage.safeParse(raw);
  return result.success ? result.data : null;
}
