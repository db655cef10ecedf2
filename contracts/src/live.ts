import { z } from 'zod';
import { Order, ShopStatus } from './shapes.js';

export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('orders'), position: z.number().int(), data: Order }),
  z.object({ type: z.literal('shop'), position: z.number().int(), data: ShopStatus }),
  z.object({ type: z.literal('menu'), position: z.number().int(), data: z.object({ id: z.string() }) }),
  z.object({ type: z.literal('hello'), position: z.number().int(), data: z.object({ userId: z.string() }) }),
  z.object({ type: z.literal('ping'), position: z.number().int(), data: z.object({}) }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;

/**
 * The first message. API.md's `{type: "auth", token}` signs in; `hello: true` also asks for a `hello`
 * (the log's position and the user's id) once signed in, which a client that resyncs after reconnecting
 * needs, and which a client reading API.md's three message types does not expect.
 */
export const LiveAuth = z.object({ type: z.literal('auth'), token: z.string(), hello: z.boolean().optional() });
