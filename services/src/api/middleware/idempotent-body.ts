import { createHash } from 'node:crypto';
import type { Middleware, Next, ParameterizedContext } from 'koa';
import stableStringify from 'safe-stable-stringify';
import { relaxedStatement } from '../../db/relaxed.js';
import { AppError } from '../../errors.js';
import type { EventStore } from '../../store/types.js';
import type { AppDeps } from '../deps.js';
import { routePath, scopedIdempotencyKey } from '../routes/command-metadata.js';
import type { AppState } from './auth.js';

/** Binds the key or, when it is bound already, answers the hash it is bound to; `repeats` 0 is a first use. */
const BIND =
  'INSERT INTO idempotency_bodies (key, body_hash, caller_role) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET repeats = idempotency_bodies.repeats + 1 RETURNING body_hash, answer_status, answer, repeats, caller_role';
const UNBIND = 'DELETE FROM idempotency_bodies WHERE key = ? AND body_hash = ?';
const KEEP_ANSWER =
  'UPDATE idempotency_bodies SET answer_status = ?, answer = ? WHERE key = ? AND answer_status IS NULL';
/** Calls that run no command: a key there binds nothing (and a password is not worth hashing twice). */
const NOT_COMMANDS = new Set(['/api/auth/v2/login', '/api/auth/refresh-token']);
/** Whether a call (its path under /api) binds its Idempotency-Key to its body: every command but these. */
export const bindsIdempotencyKey = (method: string, path: string) =>
  method.toUpperCase() !== 'GET' && !NOT_COMMANDS.has(`/api${path}`);
/**
 * A company sign-in answers a token pair, which is not kept in the database: its repeat is answered afresh. The
 * other calls under /auth keep theirs: answered afresh, the repeat of a reset or of a verification found its
 * link used (400 INVALID_LINK), and that of a forgotten password mailed another link.
 */
const KEEPS_NO_ANSWER = new Set(['/api/auth/oidc/session']);

interface Binding {
  body_hash: string;
  answer_status: number | null;
  answer: string | null;
  repeats: number | string;
  caller_role: string | null;
}

export class IdempotencyKeyReused extends AppError {
  constructor() {
    super(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request body.');
  }
}

/**
 * Binds an Idempotency-Key to the hash of the body it first came with, so a repeat with another body
 * is refused instead of answering the first call's result. Written before the command runs (racing
 * repeats see one hash); forgotten when the call fails before any command was decided (400, 401, 403…),
 * kept after an answer or a business refusal (409), which the key replays. A successful answer is kept
 * with the binding and a repeat gets it again as it was (an order since cancelled still answers
 * "ordered"), as API.md promises: "a repeat with the same key returns the first answer".
 *
 * The binding commits without waiting for the disk: the command's own append, later and with its fsync,
 * makes it durable too (SQLite's WAL and PostgreSQL's log are written in order); a crash before that
 * append loses only a binding no command used. A binding is kept after a 5xx, whose command may have
 * committed: so a key bound for the first time (`repeats` 0) has nothing under it in the log, and its
 * command skips the recall (see `recallingOnlyKnownKeys`).
 */
export function idempotentBody(deps: Pick<AppDeps, 'db'>, newKeys: Set<string>): Middleware<AppState> {
  const relaxed = relaxedStatement(deps.db);
  const running = new Map<string, Promise<void>>();
  return async (ctx, next) => {
    const path = routePath(ctx.path);
    const key = ctx.method === 'GET' || NOT_COMMANDS.has(path) ? undefined : scopedIdempotencyKey(ctx);
    if (!key) return next();
    // Repeats sent at once (a client retrying a slow call) run one after the other in this process, each
    // answered as the first: racing, a registration's repeat saw its mailbox taken by the first call and
    // no account under the key yet (409), or was counted against the mailbox's limit (429).
    for (let earlier = running.get(key); earlier; earlier = running.get(key)) await earlier;
    let finished!: () => void;
    running.set(key, new Promise<void>((resolve) => (finished = resolve)));
    try {
      await bindAndRun(ctx, next, key, path);
    } finally {
      running.delete(key);
      finished();
    }
  };

  async function bindAndRun(ctx: ParameterizedContext<AppState>, next: Next, key: string, path: string) {
    const body: unknown = ctx.request.body ?? null;
    // The same fields in another order are the same body: a client's serializer may not keep the order.
    const hash = sha256(stableStringify(body) ?? 'null');
    const role = ctx.state.user?.role ?? null;
    const [bound] = await relaxed<Binding>(BIND, [key, hash, role]);
    // Bindings made before the fields were sorted hashed the body as sent.
    if (bound && bound.body_hash !== hash && bound.body_hash !== sha256(JSON.stringify(body))) {
      throw new IdempotencyKeyReused();
    }
    // An admin demoted since the first call is not handed its answer again (a pick-up screen's key): the route
    // decides afresh, its role check first; a command it runs recalls its first append, so nothing doubles.
    if (bound && bound.answer_status !== null && bound.caller_role !== null && bound.caller_role !== role) {
      await next();
      return;
    }
    if (bound && bound.answer_status !== null) {
      ctx.status = bound.answer_status;
      if (bound.answer !== null) {
        ctx.type = 'json';
        ctx.body = bound.answer; // the JSON text as first sent, not parsed to be serialised again
      }
      return;
    }
    if (Number(bound?.repeats) === 0) newKeys.add(key);
    // A 4xx but a refusal (409) decided nothing: the key is let go, and a corrected body may use it.
    let changedNothing = false;
    try {
      await next();
      changedNothing = ctx.status >= 400 && ctx.status < 500 && ctx.status !== 409;
    } catch (err) {
      // A refusal is the key's first answer as much as a success is: another body after it is refused too.
      changedNothing = err instanceof AppError && err.status < 500 && err.status !== 409;
      throw err;
    } finally {
      newKeys.delete(key);
      if (changedNothing) await relaxed(UNBIND, [key, hash]);
    }
    if (ctx.status < 300 && !KEEPS_NO_ANSWER.has(path) && isJson(ctx.body)) {
      const text = ctx.body === null || ctx.body === undefined ? null : JSON.stringify(ctx.body);
      // Sent as this text: serializeJson, outside, passes a string on instead of serialising the answer again.
      if (text !== null) ctx.body = text;
      await relaxed(KEEP_ANSWER, [ctx.status, text, key]);
    }
  }
}

/**
 * The store, but a command under a key its call bound for the first time recalls nothing: no statement (or,
 * on PostgreSQL, round trip) to learn that a new key has no first answer. Once per key: a second command
 * under the same key in one call recalls from the log.
 */
export function recallingOnlyKnownKeys(store: EventStore, newKeys: Set<string>): EventStore {
  return { ...store, recall: async (key) => (newKeys.delete(key) ? null : store.recall(key)) };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A body Koa sends as JSON, or none (204). */
function isJson(body: unknown): boolean {
  if (body === null || body === undefined) return true;
  return typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}
