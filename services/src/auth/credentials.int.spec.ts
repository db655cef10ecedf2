import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleViolation } from '../errors.js';
import { createCredentialStore, type CredentialStore } from './credentials.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';

describe.each(BACKENDS)('credential store on %s', (dialect) => {
  let db: TestDb;
  let store: CredentialStore;

  beforeEach(async () => {
    db = await testDatabase(dialect);
    store = createCredentialStore(db, () => new Date('2025-01-06T03:00:00Z'));
  });
  afterEach(() => db.cleanup());

  it('finds a credential by email whatever its case', async () => {
    await store.create('u1', 'Alice@Woxa.Tech', 'hash-1');
    expect(await store.findByEmail('alice@woxa.tech')).toEqual({
      userId: 'u1',
      email: 'alice@woxa.tech',
      passwordHash: 'hash-1',
    });
    expect(await store.findByEmail(' ALICE@WOXA.TECH ')).toMatchObject({ userId: 'u1' });
    expect(await store.findByEmail('bob@woxa.tech')).toBeNull();
  });

  it('refuses a taken email with EMAIL_TAKEN, whatever its case', async () => {
    await store.create('u1', 'alice@woxa.tech', 'hash-1');
    const err = await store.create('u2', 'ALICE@woxa.tech', 'hash-2').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RuleViolation);
    expect((err as RuleViolation).code).toBe('EMAIL_TAKEN');
    expect((err as RuleViolation).status).toBe(409);
  });

  it('lets exactly one of two racing registrations of one email win', async () => {
    const results = await Promise.allSettled([
      store.create('u1', 'x@woxa.tech', 'h'),
      store.create('u2', 'x@woxa.tech', 'h'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('removes a credential so the email is free again', async () => {
    await store.create('u1', 'alice@woxa.tech', 'hash-1');
    await store.remove('u1');
    expect(await store.findByEmail('alice@woxa.tech')).toBeNull();
    await store.create('u2', 'alice@woxa.tech', 'hash-2');
    expect(await store.findByEmail('alice@woxa.tech')).toMatchObject({ userId: 'u2' });
  });
});
