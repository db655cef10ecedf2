import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnauthorizedError } from '../errors.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { createTokenService, type TokenService } from './tokens.js';

const SECRET = new TextEncoder().encode('s'.repeat(48));
const OTHER_SECRET = new TextEncoder().encode('o'.repeat(48));

describe.each(BACKENDS)('token service on %s', (dialect) => {
  let db: TestDb;
  let now: number;
  let tokens: TokenService;

  beforeEach(async () => {
    db = await testDatabase(dialect);
    now = Date.parse('2025-01-06T03:00:00Z');
    tokens = service();
  });
  afterEach(() => db.cleanup());

  function service(overrides: Partial<Parameters<typeof createTokenService>[0]> = {}) {
    return createTokenService({
      db,
      secret: SECRET,
      issuer: 'drinks',
      audience: 'drinks-app',
      accessTtlSeconds: 900,
      refreshTtlSeconds: 3600,
      clock: () => new Date(now),
      ...overrides,
    });
  }

  async function expectUnauthorized(promise: Promise<unknown>, code = 'UNAUTHENTICATED') {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect((err as UnauthorizedError).code).toBe(code);
  }

  const sign = (claims: { iss?: string; aud?: string; typ?: string; alg?: string; key?: Uint8Array; exp?: number }) =>
    new SignJWT({})
      .setProtectedHeader({ alg: claims.alg ?? 'HS256', typ: claims.typ ?? 'at+jwt' })
      .setSubject('u1')
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(claims.exp ?? Math.floor(now / 1000) + 60)
      .setIssuer(claims.iss ?? 'drinks')
      .setAudience(claims.aud ?? 'drinks-app')
      .setJti(randomUUID())
      .sign(claims.key ?? SECRET);

  describe('access tokens', () => {
    it('verifies a freshly issued token and names its user', async () => {
      const { accessToken } = await tokens.issue('u1');
      expect(await tokens.verifyAccess(accessToken)).toEqual({ userId: 'u1' });
      expect(await tokens.verifyAccess(await sign({}))).toEqual({ userId: 'u1' });
    });

    it('refuses a missing or garbage token', async () => {
      await expectUnauthorized(tokens.verifyAccess(undefined));
      await expectUnauthorized(tokens.verifyAccess(''));
      await expectUnauthorized(tokens.verifyAccess('not.a.jwt'));
    });

    it('refuses an expired token', async () => {
      const { accessToken } = await tokens.issue('u1');
      now += 900_000;
      await expectUnauthorized(tokens.verifyAccess(accessToken));
    });

    it('stop working once signed out: here at once, in another process within two seconds', async () => {
      const second = await db.openAnother();
      try {
        const elsewhere = service({ db: second });
        const signedOut = (await tokens.issue('u1')).accessToken;
        const otherUser = (await tokens.issue('u2')).accessToken;
        // The other process has read the sign-outs before this one happens.
        expect(await elsewhere.verifyAccess(signedOut)).toEqual({ userId: 'u1' });
        await tokens.revokeAll('u1');
        await expectUnauthorized(tokens.verifyAccess(signedOut));
        await vi.waitFor(() => expectUnauthorized(elsewhere.verifyAccess(signedOut)), { timeout: 3000, interval: 100 });
        expect(await elsewhere.verifyAccess(otherUser)).toEqual({ userId: 'u2' });
        // Signing in again after the sign-out, within the same second, works everywhere.
        now += 1;
        const again = (await tokens.issue('u1')).accessToken;
        expect(await tokens.verifyAccess(again)).toEqual({ userId: 'u1' });
        expect(await elsewhere.verifyAccess(again)).toEqual({ userId: 'u1' });
      } finally {
        await second.close();
      }
    });

    it('refuses a forged signature', async () => {
      await expectUnauthorized(tokens.verifyAccess(await sign({ key: OTHER_SECRET })));
      const { accessToken } = await tokens.issue('u1');
      const [header, payload] = accessToken.split('.');
      const tampered = Buffer.from(JSON.stringify({ ...decode(payload!), sub: 'admin' })).toString('base64url');
      await expectUnauthorized(tokens.verifyAccess(`${header}.${tampered}.${accessToken.split('.')[2]}`));
    });

    it('refuses alg none and other algorithms', async () => {
      const unsecured = new UnsecuredJWT({ sub: 'u1', jti: 'x' })
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + 60)
        .setIssuer('drinks')
        .setAudience('drinks-app')
        .encode();
      await expectUnauthorized(tokens.verifyAccess(unsecured));
      await expectUnauthorized(tokens.verifyAccess(await sign({ alg: 'HS512', key: new Uint8Array(64).fill(1) })));
    });

    it('refuses a wrong audience, issuer or type', async () => {
      await expectUnauthorized(tokens.verifyAccess(await sign({ aud: 'other-app' })));
      await expectUnauthorized(tokens.verifyAccess(await sign({ iss: 'someone-else' })));
      await expectUnauthorized(tokens.verifyAccess(await sign({ typ: 'JWT' })));
    });
  });

  describe('refresh tokens', () => {
    it('are opaque, random and stored only as a hash', async () => {
      const { refreshToken } = await tokens.issue('u1');
      expect(Buffer.from(refreshToken, 'base64url')).toHaveLength(32);
      const rows = await db.knex('refresh_tokens').select();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(refreshToken);
    });

    it('rotate into a new pair and the old one stops working', async () => {
      const first = await tokens.issue('u1');
      const second = await tokens.rotate(first.refreshToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(await tokens.verifyAccess(second.accessToken)).toEqual({ userId: 'u1' });
      const third = await tokens.rotate(second.refreshToken);
      expect(await tokens.verifyAccess(third.accessToken)).toEqual({ userId: 'u1' });
    });

    it('revoke the whole family and its access tokens issued so far when a used one is presented again', async () => {
      const first = await tokens.issue('u1');
      const other = await tokens.issue('u1');
      const second = await tokens.rotate(first.refreshToken);
      now += 1000;
      await expectUnauthorized(tokens.rotate(first.refreshToken), 'TOKEN_REUSED');
      await expectUnauthorized(tokens.rotate(second.refreshToken));
      // Whoever holds the family's access tokens loses them now, not when they expire.
      await expectUnauthorized(tokens.verifyAccess(first.accessToken));
      await expectUnauthorized(tokens.verifyAccess(second.accessToken));
      // Another login is another family: its tokens work on, and it refreshes.
      expect(await tokens.verifyAccess(other.accessToken)).toEqual({ userId: 'u1' });
      now += 1000;
      const refreshed = await tokens.rotate(other.refreshToken);
      expect(await tokens.verifyAccess(refreshed.accessToken)).toEqual({ userId: 'u1' });
    });

    it("end a reused family's access tokens in another process too, and no other family's", async () => {
      const second = await db.openAnother();
      try {
        const elsewhere = service({ db: second });
        const mine = await tokens.issue('u1');
        const other = await tokens.issue('u1');
        const rotated = await tokens.rotate(mine.refreshToken);
        // Both processes have verified the tokens (and keep them verified) before the reuse.
        expect(await elsewhere.verifyAccess(rotated.accessToken)).toEqual({ userId: 'u1' });
        expect(await elsewhere.verifyAccess(other.accessToken)).toEqual({ userId: 'u1' });
        now += 1000;
        await expectUnauthorized(tokens.rotate(mine.refreshToken), 'TOKEN_REUSED');
        await vi.waitFor(() => expectUnauthorized(elsewhere.verifyAccess(rotated.accessToken)), {
          timeout: 3000,
          interval: 100,
        });
        expect(await elsewhere.verifyAccess(other.accessToken)).toEqual({ userId: 'u1' });
      } finally {
        await second.close();
      }
    });

    it('answer a retry with the same key (its answer lost) with the same pair, once it is unused and within half an hour', async () => {
      const first = await tokens.issue('u1');
      const given = await tokens.rotate(first.refreshToken, 'k-1');
      now += 10 * 60_000; // a phone asleep for ten minutes, out of reach when the answer came
      const again = await tokens.rotate(first.refreshToken, 'k-1');
      expect(again.refreshToken).toBe(given.refreshToken);
      expect(await tokens.verifyAccess(again.accessToken)).toEqual({ userId: 'u1' });
      // The pair works (once), and then the retry is a reuse like any other: the family goes.
      const next = await tokens.rotate(given.refreshToken);
      await expectUnauthorized(tokens.rotate(first.refreshToken, 'k-1'), 'TOKEN_REUSED');
      await expectUnauthorized(tokens.rotate(next.refreshToken));
    });

    it('treat a used token with another key, or with its key after half an hour, as reused', async () => {
      const a = await tokens.issue('u1');
      await tokens.rotate(a.refreshToken, 'k-a');
      await expectUnauthorized(tokens.rotate(a.refreshToken, 'k-other'), 'TOKEN_REUSED');
      const b = await tokens.issue('u1');
      const fromB = await tokens.rotate(b.refreshToken, 'k-b');
      now += 30 * 60_000 + 1000;
      await expectUnauthorized(tokens.rotate(b.refreshToken, 'k-b'), 'TOKEN_REUSED');
      await expectUnauthorized(tokens.rotate(fromB.refreshToken));
    });

    it('refuse unknown and expired tokens', async () => {
      await expectUnauthorized(tokens.rotate('nope'));
      await expectUnauthorized(tokens.rotate(''));
      const { refreshToken } = await tokens.issue('u1');
      now += 3600_000;
      await expectUnauthorized(tokens.rotate(refreshToken));
    });

    it('stop working after revokeAll (logout)', async () => {
      const a = await tokens.issue('u1');
      const b = await tokens.issue('u1');
      const c = await tokens.issue('u2');
      await tokens.revokeAll('u1');
      await expectUnauthorized(tokens.rotate(a.refreshToken));
      await expectUnauthorized(tokens.rotate(b.refreshToken));
      await expect(tokens.rotate(c.refreshToken)).resolves.toBeDefined();
    });

    it('give no working access token to a rotation a logout lands on between its commit and its signing', async () => {
      const { refreshToken } = await tokens.issue('u1');
      // The account check runs after the rotation committed and before the access token is signed: the logout
      // lands there, a little later on the clock.
      const racing: TokenService = service({
        isActive: async () => {
          now += 10;
          await racing.revokeAll('u1');
          now += 10;
          return true;
        },
      });
      const pair = await racing.rotate(refreshToken);
      await expectUnauthorized(racing.verifyAccess(pair.accessToken));
      await expectUnauthorized(racing.rotate(pair.refreshToken));
    });

    it('let exactly one of two racing rotations of one token win, across processes', async () => {
      const second = await db.openAnother();
      try {
        const elsewhere = service({ db: second });
        for (let round = 0; round < 5; round++) {
          const { refreshToken } = await tokens.issue(`u${round}`);
          const results = await Promise.allSettled([tokens.rotate(refreshToken), elsewhere.rotate(refreshToken)]);
          expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
          const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
          expect(loser.reason).toBeInstanceOf(UnauthorizedError);
        }
        // The same call sent twice at once (a retry with its key): both get the one pair.
        const { refreshToken } = await tokens.issue('u-retry');
        const both = await Promise.all([tokens.rotate(refreshToken, 'k'), elsewhere.rotate(refreshToken, 'k')]);
        expect(both[0].refreshToken).toBe(both[1].refreshToken);
      } finally {
        await second.close();
      }
    });
  });
});

function decode(segment: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>;
}
