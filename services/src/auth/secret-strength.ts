/** Values shipped in examples and old compose files: anyone who has read them can forge tokens. */
const PLACEHOLDERS = [/change-?me/i, /placeholder/i, /your[-_ ]?secret/i, /^(secret|password|jwt[-_]?secret)/i];

/**
 * Bits estimated from the text itself: its length times the Shannon entropy of its characters. It
 * undercounts a truly random value (64 hex digits of `openssl rand -hex 32` score about 240), and it
 * catches long but guessable ones (a repeated word, a run of the alphabet or the digits).
 */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / secret.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * secret.length;
}

export const MIN_SECRET_BITS = 200;

/** Why the secret must not sign tokens, or null when it will do. */
export function weakSecretReason(secret: string): string | null {
  if (PLACEHOLDERS.some((re) => re.test(secret))) return 'is a placeholder; set a random value (openssl rand -hex 32)';
  if (secret.length < 32) return 'must be at least 32 characters (openssl rand -hex 32)';
  if (estimatedBits(secret) < MIN_SECRET_BITS) {
    return 'has too little entropy (want 32 random bytes: openssl rand -hex 32)';
  }
  return null;
}
