import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TooManyAttemptsError } from '../errors.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { createRateLimit } from './rate-limit.js';

describe.each(BACKENDS)('the mail rate limit on %s', (backend) => {
  let db: TestDb;
  const now = Date.parse('2026-03-02T03:00:00Z');
  beforeEach(async () => {
    db = await testDatabase(backend);
  });
  afterEach(async () => {
    await db.cleanup();
  });

  it('lets exactly `max` of 30 racing requests through, from two limiters as from two processes', async () => {
    const options = { max: 5, windowSeconds: 3600, clock: () => new Date(now) };
    const limiters = [createRateLimit(db, options), createRateLimit(db, options)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => limiters[i % 2]!.hit(['mail:mailbox:racer@woxa.tech'])),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof TooManyAttemptsError)).toBe(true);
  });

  it('counts nothing for a refused request: the window frees on time', async () => {
    let at = now;
    const limit = createRateLimit(db, { max: 2, windowSeconds: 60, clock: () => new Date(at) });
    await limit.hit(['k']);
    at += 30_000;
    await limit.hit(['k']);
    await expect(limit.hit(['k'])).rejects.toBeInstanceOf(TooManyAttemptsError);
    at += 31_000;
    await limit.hit(['k']);
  });
});
