import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Algorithm, hash as argon2Hash, parseOptions, verify as argon2Verify } from '@node-rs/argon2';

/** OWASP's argon2id choice: 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
// scrypt needs 128 * N * r bytes; the default maxmem (32 MiB) is exactly that, so leave headroom.
const maxmemFor = (n: number, r: number) => 256 * n * r;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2);
}

/** A hash made before argon2id or with other parameters: replaced at the next successful login. */
export function needsRehash(encoded: string): boolean {
  return !encoded.startsWith(ARGON2_PREFIX);
}

async function verifyArgon2(password: string, encoded: string): Promise<boolean> {
  try {
    const o = parseOptions(encoded);
    // A tampered hash must not make us burn memory or CPU.
    if ((o.memoryCost ?? 0) > 65536 || (o.timeCost ?? 0) > 10 || (o.parallelism ?? 0) > 4) return false;
    return await argon2Verify(encoded, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

/** The hashes stored before argon2id: `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashScrypt(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for any malformed or foreign hash; never throws on bad input. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (encoded.startsWith('$argon2')) return verifyArgon2(password, encoded);
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0)) return false;
  // Refuse parameters far beyond ours: a tampered hash must not make us burn memory or CPU.
  if (n > 2 ** 17 || r > 16 || p > 4 || (n & (n - 1)) !== 0) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, expected.length, { N: n, r, p, maxmem: maxmemFor(n, r) });
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password, to verify against when the account does not exist (same cost either way). */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
