/** Values shipped in examples and old compose files: anyone who has read them can forge tokens. */
const PLACEHOLDERS = [/change-?me/i, /placeholder/i, /your[-_ ]?secret/i, /^(secret|password|jwt[-_]?secret)/i];

/** Orders people type in: a character continuing one of these, forwards or backwards, is guessed. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'QWERTYUIOP',
  'ASDFGHJKL',
  'ZXCVBNM',
];

// Long enough that random text of 44 to 64 characters almost never repeats one (about 3% of hex secrets, once).
const BLOCK = 4;

/** Whether the character at i carries on a run (aaa, abc, cba, qwe) begun by the two before it. */
function continuesRun(chars: string[], i: number): boolean {
  if (i < 2) return false;
  const [a, b, c] = [chars[i - 2]!, chars[i - 1]!, chars[i]!];
  if (a === b && b === c) return true;
  return SEQUENCES.some((seq) => {
    const [x, y, z] = [seq.indexOf(a), seq.indexOf(b), seq.indexOf(c)];
    return x >= 0 && y >= 0 && z >= 0 && y - x === z - y && Math.abs(y - x) === 1;
  });
}

/** Whether the character at i ends a block of BLOCK characters that appeared before it. */
function repeatsBlock(chars: string[], i: number): boolean {
  const block = chars.slice(i - BLOCK + 1, i + 1).join('');
  return i >= BLOCK && chars.slice(0, i).join('').includes(block);
}

/**
 * Bits estimated from the text itself: the Shannon entropy of its characters times the number of characters
 * that are not guessable from the ones before (a run of the alphabet, the digits or a keyboard row, or a block
 * repeated). It undercounts a truly random value (64 hex digits of `openssl rand -hex 32` score about 240), and
 * it catches long but guessable ones (a repeated word, a run of the alphabet or the digits).
 */
export function estimatedBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  let unguessed = 0;
  for (let i = 0; i < chars.length; i++) if (!continuesRun(chars, i) && !repeatsBlock(chars, i)) unguessed++;
  return perChar * unguessed;
}

// 32 random bytes score 179 or more in 200,000 draws as base64url (43 characters), 185 as base64, 208 as hex;
// the alphabet and the digits in a run score 21, 0123456789abcdef four times 24.
export const MIN_SECRET_BITS = 176;

/** Why the secret must not sign tokens, or null when it will do. */
export function weakSecretReason(secret: string): string | null {
  if (PLACEHOLDERS.some((re) => re.test(secret))) return 'is a placeholder; set a random value (openssl rand -hex 32)';
  if (secret.length < 32) return 'must be at least 32 characters (openssl rand -hex 32)';
  if (estimatedBits(secret) < MIN_SECRET_BITS) {
    return 'has too little entropy (want 32 random bytes: openssl rand -hex 32)';
  }
  return null;
}
