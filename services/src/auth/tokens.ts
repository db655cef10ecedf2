import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Tokens } from '@drinks/contracts';
import type { Clock } from '../clock.js';
import { UnauthorizedError } from '../errors.js';
import type { KnexDb } from './db-port.js';

export interface TokenServiceOptions {
  db: KnexDb;
  secret: Uint8Array;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Absolute lifetime of a session (a refresh token family), however often it is rotated. */
  sessionMaxSeconds?: number;
  /** A disabled user's refresh tokens no longer rotate. */
  isActive?: (userId: string) => Promise<boolean>;
  clock: Clock;
}

export interface TokenService {
  issue(userId: string): Promise<Tokens>;
  /**
   * Trades a refresh token for a new pair; a second use of one token revokes its whole family, unless it
   * repeats the first use's `retryKey` (its Idempotency-Key) within RETRY_WINDOW_MS (30 minutes) while the pair it got is unused:
   * a phone whose answer was lost gets that pair again instead of being signed out.
   */
  rotate(refreshToken: string, retryKey?: string): Promise<Tokens>;
  verifyAccess(token: string | undefined | null): Promise<{ userId: string }>;
  revokeAll(userId: string): Promise<void>;
  /** Called after a user's tokens were revoked (logout) here, or by another process as watchRevocations finds. */
  onRevoked(listener: (userId: string) => void): void;
  /**
   * Reads the sign-outs every NOT_BEFORE_CACHE_MS and reports other processes' to onRevoked: a live socket
   * here of a user who signed out through another API process closes then, not at its next heartbeat.
   * Returns its stop.
   */
  watchRevocations(): () => void;
}

const ACCESS_TYPE = 'at+jwt';
/** When an access token was signed, in epoch milliseconds (iat has whole seconds only). */
const ISSUED_MS_CLAIM = 'iat_ms';
/** The session (refresh token family) an access token was signed for: a reuse ends that session only. */
const SESSION_CLAIM = 'sid';
/**
 * How long after a refresh token's use a retry with the same key still gets the pair that use made (while
 * that pair is unused). A phone whose answer was lost as it went out of reach retries when it is back:
 * with a minute, one that slept longer found its session revoked.
 */
const RETRY_WINDOW_MS = 30 * 60_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const toMillis = (v: unknown): number =>
  v instanceof Date ? v.getTime() : typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;

type RotateOutcome =
  | { ok: true; userId: string; familyId: string; refreshToken: string; usedMs: number; retry: boolean }
  | { ok: false; reused: false }
  | { ok: false; reused: true; userId: string; familyId: string };

/** A used refresh token presented again: its family is revoked; the route logs it as a security event. */
export class RefreshTokenReused extends UnauthorizedError {
  constructor(readonly userId: string) {
    super('Refresh token already used.', 'TOKEN_REUSED');
  }
}

/** An access token whose signature is not ours (answered as any bad token; logged as a security event). */
export class ForgedToken extends UnauthorizedError {
  constructor() {
    super('Invalid or expired access token.');
  }
}

export function createTokenService(options: TokenServiceOptions): TokenService {
  const { db, secret, issuer, audience, accessTtlSeconds, refreshTtlSeconds, clock } = options;
  if (secret.length < 32) throw new Error('The JWT secret must be at least 32 bytes.');
  const sessionMaxMs = (options.sessionMaxSeconds ?? 30 * 24 * 3600) * 1000;
  const refreshTokens = (k = db.knex) => k('refresh_tokens');
  const families = (k = db.knex) => k('refresh_families');
  const revokedListeners: ((userId: string) => void)[] = [];
  const revoked = (userId: string) => {
    for (const listener of revokedListeners) listener(userId);
  };
  const revocations = createRevocations(db, accessTtlSeconds, clock, revoked);
  /** The user's access tokens issued up to `notBeforeMs` stop working, and live sockets close. */
  async function revokeAccess(userId: string, notBeforeMs: number) {
    await revocations.revoke(userId, notBeforeMs);
    revoked(userId);
  }
  /** Whether an access token of `userId`'s, for session `familyId`, issued at `issuedMs` was signed out since. */
  async function signedOut(userId: string, familyId: string | undefined, issuedMs: number): Promise<boolean> {
    return issuedMs <= (await revocations.signedOutUpTo(userId, familyId));
  }

  async function sessionExpired(k: KnexDb['knex'], familyId: string, userId: string, now: number) {
    const row = (await families(k).where({ family_id: familyId }).first('started_at')) as
      { started_at: number | string } | undefined;
    // Families from before this table existed start counting at their first rotation.
    if (!row) await families(k).insert({ family_id: familyId, user_id: userId, started_at: now });
    return row !== undefined && Number(row.started_at) + sessionMaxMs <= now;
  }
  // Tokens already verified, with their expiry: a signature is checked once, not on every request
  // (the sign-out check below still runs on every request).
  let verified = new Map<string, { userId: string; familyId: string | undefined; expMs: number; issuedMs: number }>();
  // Imported once: given the raw bytes, jose imports a key for every signature it makes or checks.
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

  /** Signed now with a random jti, or at `again`'s time (and with its jti, if given): same claims, same token (HS256). */
  async function signAccess(
    userId: string,
    familyId: string,
    again?: { issuedMs: number; jti?: string },
  ): Promise<string> {
    const nowMs = again?.issuedMs ?? clock().getTime();
    const now = Math.floor(nowMs / 1000);
    // iat counts whole seconds; a sign-out must not take the login that follows it in the same second.
    return new SignJWT({ [ISSUED_MS_CLAIM]: nowMs, [SESSION_CLAIM]: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYPE })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + accessTtlSeconds)
      .setIssuer(issuer)
      .setAudience(audience)
      .setJti(again?.jti ?? randomUUID())
      .sign(await key);
  }

  /**
   * The refresh token a rotation with a retry key hands out: the same for the same token and key (so a
   * retry can be answered with it), unguessable without the key and the secret.
   */
  const successorOf = (refreshToken: string, retryKey: string) =>
    createHmac('sha256', secret).update(`refresh-retry\n${refreshToken}\n${retryKey}`).digest('base64url');
  const accessJtiOf = (successor: string) =>
    createHmac('sha256', secret).update(`access-retry\n${successor}`).digest('base64url');

  async function insertRefresh(
    k: KnexDb['knex'],
    userId: string,
    familyId: string,
    token = randomBytes(32).toString('base64url'),
  ): Promise<string> {
    await refreshTokens(k).insert({
      id: randomUUID(),
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      expires_at: new Date(clock().getTime() + refreshTtlSeconds * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
    });
    return token;
  }

  return {
    async issue(userId) {
      const familyId = randomUUID();
      await families().insert({ family_id: familyId, user_id: userId, started_at: clock().getTime() });
      const refreshToken = await insertRefresh(db.knex, userId, familyId);
      return { accessToken: await signAccess(userId, familyId), refreshToken };
    },

    async rotate(refreshToken, retryKey) {
      if (typeof refreshToken !== 'string' || refreshToken.length === 0 || refreshToken.length > 200) {
        throw new UnauthorizedError('Invalid refresh token.');
      }
      const successor = retryKey === undefined ? undefined : successorOf(refreshToken, retryKey);
      const outcome = await db.writeTransaction<RotateOutcome>(async (trx) => {
        const query = refreshTokens(trx)
          .where({ token_hash: hashToken(refreshToken) })
          .first();
        // On PostgreSQL a racing rotation waits here for the first to commit, then sees it used.
        const row = await (db.dialect === 'pg' ? query.forUpdate() : query);
        if (!row || row.revoked_at) return { ok: false, reused: false };
        const now = clock();
        if (row.used_at) {
          if (successor && toMillis(row.used_at) + RETRY_WINDOW_MS > now.getTime()) {
            const given = await refreshTokens(trx)
              .where({ token_hash: hashToken(successor), family_id: row.family_id })
              .whereNull('used_at')
              .whereNull('revoked_at')
              .first('id');
            if (given) {
              return {
                ok: true,
                userId: row.user_id,
                familyId: row.family_id,
                refreshToken: successor,
                usedMs: toMillis(row.used_at),
                retry: true,
              };
            }
          }
          // Committed, not thrown: the revocation must survive the refusal.
          await refreshTokens(trx)
            .where({ family_id: row.family_id })
            .whereNull('revoked_at')
            .update({ revoked_at: now.toISOString() });
          return { ok: false, reused: true, userId: row.user_id, familyId: row.family_id };
        }
        if (!(toMillis(row.expires_at) > now.getTime())) return { ok: false, reused: false };
        if (await sessionExpired(trx, row.family_id, row.user_id, now.getTime())) return { ok: false, reused: false };
        const marked = await refreshTokens(trx)
          .where({ id: row.id })
          .whereNull('used_at')
          .update({ used_at: now.toISOString() });
        if (marked !== 1) return { ok: false, reused: false };
        return {
          ok: true,
          userId: row.user_id,
          familyId: row.family_id,
          refreshToken: await insertRefresh(trx, row.user_id, row.family_id, successor),
          usedMs: now.getTime(),
          retry: false,
        };
      });
      // Signed after commit: the write lock is not held across the async crypto.
      if (outcome.ok && options.isActive && !(await options.isActive(outcome.userId))) {
        await refreshTokens()
          .where({ user_id: outcome.userId })
          .whereNull('revoked_at')
          .update({ revoked_at: clock().toISOString() });
        throw new UnauthorizedError('This account is not active.');
      }
      if (outcome.ok) {
        // A retry under the same key gets the first answer word for word (API.md): the access token is signed
        // again from the same claims, the time of the first use and a jti drawn from the successor. Once that
        // token would have expired, a fresh one.
        const again =
          successor && outcome.usedMs + accessTtlSeconds * 1000 > clock().getTime() + 1000
            ? { issuedMs: outcome.usedMs, jti: accessJtiOf(successor) }
            : undefined;
        // A new pair is as old as its rotation's commit, not its signing: a logout landing in between revoked
        // the new refresh token and must take this access token too.
        const issued = again ?? (outcome.retry ? undefined : { issuedMs: outcome.usedMs });
        return {
          accessToken: await signAccess(outcome.userId, outcome.familyId, issued),
          refreshToken: outcome.refreshToken,
        };
      }
      if (outcome.reused) {
        // A reuse means someone else may hold the family's tokens: its access tokens issued so far stop working
        // too, and its live sockets close. The user's other sessions are not that family's: they carry on.
        await revocations.endSession(outcome.userId, outcome.familyId, clock().getTime());
        revoked(outcome.userId);
        throw new RefreshTokenReused(outcome.userId);
      }
      throw new UnauthorizedError('Invalid refresh token.');
    },

    async verifyAccess(token) {
      if (!token) throw new UnauthorizedError();
      const known = verified.get(token);
      if (known && known.expMs > clock().getTime()) {
        if (await signedOut(known.userId, known.familyId, known.issuedMs)) {
          throw new UnauthorizedError('Invalid or expired access token.');
        }
        return { userId: known.userId };
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          typ: ACCESS_TYPE,
          issuer,
          audience,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('no subject');
        const claimedMs = payload[ISSUED_MS_CLAIM];
        // A token signed before the claim existed counts from the start of its second: signed out with it.
        const issuedMs = typeof claimedMs === 'number' ? claimedMs : (payload.iat ?? 0) * 1000;
        const claimedSession = payload[SESSION_CLAIM];
        const familyId = typeof claimedSession === 'string' ? claimedSession : undefined;
        if (await signedOut(payload.sub, familyId, issuedMs)) throw new Error('signed out');
        if (verified.size >= 10_000) verified = new Map();
        verified.set(token, { userId: payload.sub, familyId, expMs: (payload.exp ?? 0) * 1000, issuedMs });
        return { userId: payload.sub };
      } catch (err) {
        // A signature that does not check out was made without our secret, and we sign with HS256 only (an
        // unsigned "alg": "none" token is refused as a not-allowed algorithm): someone forging a session.
        const code = (err as { code?: unknown }).code;
        if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'ERR_JOSE_ALG_NOT_ALLOWED')
          throw new ForgedToken();
        throw new UnauthorizedError('Invalid or expired access token.');
      }
    },

    async revokeAll(userId) {
      await refreshTokens()
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .update({ revoked_at: clock().toISOString() });
      await revokeAccess(userId, clock().getTime());
    },

    onRevoked(listener) {
      revokedListeners.push(listener);
    },

    watchRevocations() {
      const timer = setInterval(() => void revocations.fresh().catch(() => undefined), NOT_BEFORE_CACHE_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/** How long another API process may keep accepting a signed-out user's access tokens. */
const NOT_BEFORE_CACHE_MS = 2000;
/** Leeway for clocks that disagree a little about when a token expired. */
const EXPIRY_LEEWAY_SECONDS = 60;

/**
 * Per user, the millisecond up to which access tokens were signed out (logout), and per session ended by a
 * refresh token's reuse, the same for its access tokens. Asked on every request, so every sign-out still in
 * force is kept in memory as one snapshot, read again at most every two seconds by one read whichever users
 * are asking (a query per user and request was a database round trip on nearly every request of a busy
 * office). A sign-out older than an access token's lifetime is left out: every token it signed out has
 * expired. This process sees its own sign-outs at once.
 */
function createRevocations(
  db: KnexDb,
  accessTtlSeconds: number,
  clock: Clock,
  /** A user signed out by another process since the last read. */
  signedOutElsewhere: (userId: string) => void,
) {
  const table = () => db.knex('session_revocations');
  const sessionsTable = () => db.knex('family_revocations');
  let snapshot = new Map<string, number>();
  /** Sessions ended by a refresh token's reuse: family id to its user and the millisecond it ended. */
  let sessions = new Map<string, { userId: string; endedMs: number }>();
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;

  async function read(): Promise<void> {
    const startedAt = Date.now();
    const since = clock().getTime() - (accessTtlSeconds + EXPIRY_LEEWAY_SECONDS) * 1000;
    const [rows, sessionRows] = (await Promise.all([
      table().where('not_before_ms', '>=', since).select('user_id', 'not_before_ms'),
      sessionsTable().where('revoked_ms', '>=', since).select('family_id', 'user_id', 'revoked_ms'),
    ])) as [
      { user_id: string; not_before_ms: number | string }[],
      { family_id: string; user_id: string; revoked_ms: number | string }[],
    ];
    const next = new Map(rows.map((r) => [r.user_id, Number(r.not_before_ms)]));
    const nextSessions = new Map(
      sessionRows.map((r) => [r.family_id, { userId: r.user_id, endedMs: Number(r.revoked_ms) }]),
    );
    // The first read finds sign-outs made before this process started: no socket here predates them.
    const grown =
      readAt === -Infinity
        ? []
        : [
            ...[...next].filter(([userId, notBefore]) => notBefore > (snapshot.get(userId) ?? 0)).map(([id]) => id),
            ...[...nextSessions].filter(([familyId]) => !sessions.has(familyId)).map(([, s]) => s.userId),
          ];
    // A sign-out made here while the query ran may be missing from its rows; a user's not_before only grows.
    for (const [userId, notBefore] of snapshot)
      if (notBefore >= since && notBefore > (next.get(userId) ?? 0)) next.set(userId, notBefore);
    for (const [familyId, ended] of sessions)
      if (ended.endedMs >= since && !nextSessions.has(familyId)) nextSessions.set(familyId, ended);
    snapshot = next;
    sessions = nextSessions;
    readAt = startedAt;
    for (const userId of new Set(grown)) signedOutElsewhere(userId);
  }

  /** Reads the sign-outs again once the snapshot is NOT_BEFORE_CACHE_MS old; one read for all who ask. */
  async function fresh(): Promise<void> {
    if (Date.now() - readAt < NOT_BEFORE_CACHE_MS) return;
    reading ??= read().finally(() => (reading = null));
    await reading;
  }

  return {
    fresh,
    /**
     * Up to when `userId`'s access tokens of session `familyId` were signed out: by a logout (every session) or
     * by a reuse of one of that session's refresh tokens. A token signed before access tokens named their
     * session has none: for it, the user's last session so ended counts too.
     */
    async signedOutUpTo(userId: string, familyId: string | undefined): Promise<number> {
      await fresh();
      const loggedOut = snapshot.get(userId) ?? 0;
      if (sessions.size === 0) return loggedOut;
      if (familyId !== undefined) {
        const ended = sessions.get(familyId);
        return Math.max(loggedOut, ended?.userId === userId ? ended.endedMs : 0);
      }
      let last = loggedOut;
      for (const ended of sessions.values()) if (ended.userId === userId) last = Math.max(last, ended.endedMs);
      return last;
    },
    async revoke(userId: string, notBeforeMs: number): Promise<void> {
      await table()
        .insert({ user_id: userId, not_before: Math.floor(notBeforeMs / 1000), not_before_ms: notBeforeMs })
        .onConflict('user_id')
        .merge();
      snapshot.set(userId, Math.max(notBeforeMs, snapshot.get(userId) ?? 0));
    },
    /** Ends one session of `userId`'s: its access tokens issued up to `endedMs` stop working. */
    async endSession(userId: string, familyId: string, endedMs: number): Promise<void> {
      await sessionsTable()
        .insert({ family_id: familyId, user_id: userId, revoked_ms: endedMs })
        .onConflict('family_id')
        .merge();
      sessions.set(familyId, { userId, endedMs: Math.max(endedMs, sessions.get(familyId)?.endedMs ?? 0) });
    },
  };
}
