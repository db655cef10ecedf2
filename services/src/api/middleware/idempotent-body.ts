import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { relaxedStatement } from '../../db/relaxed.js';
import { AppError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { routePath, scopedIdempotencyKey } from '../routes/command-metadata.js';
import type { AppState } from './auth.js';

/** Binds the key or, when it is bound already, answers the hash it is bound to. */
const BIND =
  'INSERT INTO idempotency_bodies (key, body_hash) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET key = excluded.key RETURNING body_hash, answer_status, answer';
const UNBIND = 'DELETE FROM idempotency_bodies WHERE key = ? AND body_hash = ?';
const KEEP_ANSWER =
  'UPDATE idempotency_bodies SET answer_status = ?, answer = ? WHERE key = ? AND answer_status IS NULL';
/** Calls that run no command: a key there binds nothing (and a password is not worth hashing twice). */
const NOT_COMMANDS = new Set(['/api/auth/v2/login', '/api/auth/refresh-token']);
/** Answers that may carry tokens or credentials are not kept in the database: their repeats are answered afresh. */
const KEEPS_NO_ANSWER = /^\/api\/auth\//;

interface Binding {
  body_hash: string;
  answer_status: number | null;
  answer: string | null;
}

export class IdempotencyKeyReused extends AppError {
  constructor() {
    super(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request body.');
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
 * append loses only a binding no command used.
 */
export function idempotentBody(deps: Pick<AppDeps, 'db'>): Middleware<AppState> {
  const relaxed = relaxedStatement(deps.db);
  return async (ctx, next) => {
    const path = routePath(ctx.path);
    const key = ctx.method === 'GET' || NOT_COMMANDS.has(path) ? undefined : scopedIdempotencyKey(ctx);
    if (!key) return next();
    const hash = createHash('sha256')
      .update(JSON.stringify(ctx.request.body ?? null))
      .digest('base64url');
    const [bound] = await relaxed<Binding>(BIND, [key, hash]);
    if (bound && bound.body_hash !== hash) throw new IdempotencyKeyReused();
    if (bound && bound.answer_status !== null) {
      ctx.status = bound.answer_status;
      if (bound.answer !== null) {
        ctx.type = 'json';
        ctx.body = bound.answer; // the JSON text as first sent, not parsed to be serialised again
      }
      return;
    }
    let recorded = false;
    try {
      await next();
      recorded = ctx.status < 300 || ctx.status === 409;
    } catch (err) {
      // A refusal is the key's first answer as much as a success is: another body after it is refused too.
      recorded = err instanceof AppError && err.status === 409;
      throw err;
    } finally {
      if (!recorded) await relaxed(UNBIND, [key, hash]);
    }
    if (ctx.status < 300 && !KEEPS_NO_ANSWER.test(path) && isJson(ctx.body)) {
      const text = ctx.body === null || ctx.body === undefined ? null : JSON.stringify(ctx.body);
      // Sent as this text: serializeJson, outside, passes a string on instead of serialising the answer again.
      if (text !== null) ctx.body = text;
      await relaxed(KEEP_ANSWER, [ctx.status, text, key]);
    }
  };
}

/** A body Koa sends as JSON, or none (204). */
function isJson(body: unknown): boolean {
  if (body === null || body === undefined) return true;
  return typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}
