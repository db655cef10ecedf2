import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { weakSecretReason } from './secret-strength.js';

describe('judging a JWT secret', () => {
  it('accepts 32 random bytes written as hex or base64, a thousand times over', () => {
    for (let i = 0; i < 1000; i++) {
      expect(weakSecretReason(randomBytes(32).toString('hex'))).toBeNull();
      expect(weakSecretReason(randomBytes(32).toString('base64'))).toBeNull();
    }
  });

  it("refuses docker-compose's old placeholder and other placeholders", () => {
    expect(weakSecretReason('change-me-to-a-long-random-secret-of-32-chars-or-more')).toMatch(/placeholder/);
    expect(weakSecretReason('changeme'.repeat(8))).not.toBeNull();
  });

  it('refuses long secrets with little entropy', () => {
    expect(weakSecretReason('x'.repeat(64))).toMatch(/entropy/);
    expect(weakSecretReason('abcdefghijklmnopqrstuvwxyzabcdefghijkl')).toMatch(/entropy/);
    expect(weakSecretReason('0123456789'.repeat(5))).toMatch(/entropy/);
  });

  it('refuses runs of letters or digits and keyboard rows, however long', () => {
    expect(weakSecretReason('abcdefghijklmnopqrstuvwxyz0123456789')).toMatch(/entropy/);
    expect(weakSecretReason('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')).toMatch(/entropy/);
    expect(weakSecretReason('zyxwvutsrqponmlkjihgfedcba9876543210ZYXWVUTSRQPONMLKJIHGFEDCBA')).toMatch(/entropy/);
    expect(weakSecretReason('qwertyuiopasdfghjklzxcvbnmQWERTYUIOPASDFGHJKLZXCVBNM1234567890')).toMatch(/entropy/);
  });

  it('refuses a repeated block, even of random characters', () => {
    expect(weakSecretReason('0123456789abcdef'.repeat(4))).toMatch(/entropy/);
    expect(weakSecretReason(randomBytes(8).toString('hex').repeat(4))).toMatch(/entropy/);
    expect(weakSecretReason(randomBytes(12).toString('base64').repeat(3))).toMatch(/entropy/);
  });

  it('refuses short secrets', () => {
    expect(weakSecretReason(randomBytes(12).toString('hex'))).not.toBeNull();
  });
});
