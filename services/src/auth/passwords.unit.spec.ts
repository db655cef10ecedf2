import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, hashScrypt, needsRehash, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's cost (19 MiB, 2 passes, 1 lane)", async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('still verifies the scrypt hashes stored before, and asks for them to be rehashed', async () => {
    const legacy = await hashScrypt('correct horse');
    expect(await verifyPassword('correct horse', legacy)).toBe(true);
    expect(needsRehash(legacy)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
  });

  it('refuses a tampered argon2 hash asking for huge memory, without throwing', async () => {
    expect(await verifyPassword('pw', '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA')).toBe(
      false,
    );
    expect(await verifyPassword('pw', '$argon2id$garbage')).toBe(false);
  });

  it('encodes the scrypt parameters, salt and key', async () => {
    const hash = await hashScrypt('correct horse');
    const [alg, n, r, p, salt, key] = hash.split('$');
    expect([alg, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses malformed or tampered hashes without throwing', async () => {
    const hash = await hashScrypt('pw');
    const parts = hash.split('$');
    expect(await verifyPassword('pw', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('pw', `bcrypt$${parts.slice(1).join('$')}`)).toBe(false);
    expect(await verifyPassword('pw', ['scrypt', 2 ** 24, 8, 1, parts[4], parts[5]].join('$'))).toBe(false);
    expect(await verifyPassword('pw', ['scrypt', 'x', 8, 1, parts[4], parts[5]].join('$'))).toBe(false);
    expect(await verifyPassword('pw', [...parts.slice(0, 5), parts[5]!.slice(0, 10)].join('$'))).toBe(false);
  });

  it('treats the dummy hash as matching nothing', async () => {
    expect(await verifyPassword('anything', await dummyPasswordHash())).toBe(false);
  });
});
