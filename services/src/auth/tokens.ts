import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
  clock: Clock;
}

export interface TokenService {
  issue(userId: string): Promise<Tokens>;
  /** Trades a refresh token for a new pair; a second use of one token revokes its whole family. */
  rotate(refreshToken: string): Promise<Tokens>;
  verifyAccess(token: string | undefined | null): Promise<{ userId: string }>;
  revokeAll(userId: string): Promise<void>;
}

const ACCESS_TYPE = 'at+jwt';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const toMillis = (v: unknown): number =>
  v instanceof Date ? v.getTime() : typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;

type RotateOutcome = { ok: true; userId: string; refreshToken: string } | { ok: false; reused: boolean };

export function createTokenService(options: TokenServiceOptions): TokenService {
  const { db, secret, issuer, audience, accessTtlSeconds, refreshTtlSeconds, clock } = options;
  if (secret.length < 32) throw new Error('The JWT secret must be at least 32 bytes.');
  const refreshTokens = (k = db.knex) => k('refresh_tokens');
  // Tokens already verified, with their expiry: a signature is checked once, not on every request.
  let verified = new Map<string, { userId: string; expMs: number }>();

  async function signAccess(userId: string): Promise<string> {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYPE })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + accessTtlSeconds)
      .setIssuer(issuer)
      .setAudience(audience)
      .setJti(randomUUID())
      .sign(secret);
  }

  async function insertRefresh(k: KnexDb['knex'], userId: string, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
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
      const refreshToken = await insertRefresh(db.knex, userId, randomUUID());
      return { accessToken: await signAccess(userId), refreshToken };
    },

    async rotate(refreshToken) {
      if (typeof refreshToken !== 'string' || refreshToken.length === 0 || refreshToken.length > 200) {
        throw new UnauthorizedError('Invalid refresh token.');
      }
      const outcome = await db.writeTransaction<RotateOutcome>(async (trx) => {
        const query = refreshTokens(trx)
          .where({ token_hash: hashToken(refreshToken) })
          .first();
        // On PostgreSQL a racing rotation waits here for the first to commit, then sees it used.
        const row = await (db.dialect === 'pg' ? query.forUpdate() : query);
        if (!row || row.revoked_at) return { ok: false, reused: false };
        const now = clock();
        if (row.used_at) {
          // Committed, not thrown: the revocation must survive the refusal.
          await refreshTokens(trx)
            .where({ family_id: row.family_id })
            .whereNull('revoked_at')
            .update({ revoked_at: now.toISOString() });
          return { ok: false, reused: true };
        }
        if (!(toMillis(row.expires_at) > now.getTime())) return { ok: false, reused: false };
        const marked = await refreshTokens(trx)
          .where({ id: row.id })
          .whereNull('used_at')
          .update({ used_at: now.toISOString() });
        if (marked !== 1) return { ok: false, reused: false };
        return { ok: true, userId: row.user_id, refreshToken: await insertRefresh(trx, row.user_id, row.family_id) };
      });
      // Signed after commit: the write lock is not held across the async crypto.
      if (outcome.ok) return { accessToken: await signAccess(outcome.userId), refreshToken: outcome.refreshToken };
      if (outcome.reused) throw new UnauthorizedError('Refresh token already used.', 'TOKEN_REUSED');
      throw new UnauthorizedError('Invalid refresh token.');
    },

    async verifyAccess(token) {
      if (!token) throw new UnauthorizedError();
      const known = verified.get(token);
      if (known && known.expMs > clock().getTime()) return { userId: known.userId };
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          typ: ACCESS_TYPE,
          issuer,
          audience,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('no subject');
        if (verified.size >= 10_000) verified = new Map();
        verified.set(token, { userId: payload.sub, expMs: (payload.exp ?? 0) * 1000 });
        return { userId: payload.sub };
      } catch {
        throw new UnauthorizedError('Invalid or expired access token.');
      }
    },

    async revokeAll(userId) {
      await refreshTokens()
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .update({ revoked_at: clock().toISOString() });
    },
  };
}
