import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-policy.js';

const context = { companyDomain: 'woxa.tech', email: 'somchai.k@woxa.tech' };

describe('which new passwords are refused', () => {
  it('refuses the most common passwords, also with digits or symbols added at the end', () => {
    for (const p of ['password123', 'Password', 'qwerty123', 'iloveyou', 'sunshine2024!', 'whatever1']) {
      expect(passwordWeakness(p, context), p).toMatch(/most common/);
    }
  });

  it('refuses the company name anywhere in it', () => {
    expect(passwordWeakness('Woxa2024!', context)).toMatch(/company name/);
    expect(passwordWeakness('i-love-woxa-coffee', context)).toMatch(/company name/);
  });

  it("refuses the person's own mailbox name", () => {
    expect(passwordWeakness('somchai.k-2024', context)).toMatch(/email name/);
  });

  it('accepts an uncommon passphrase', () => {
    expect(passwordWeakness('right-horse-7', context)).toBeNull();
    expect(passwordWeakness('brew-line-42', context)).toBeNull();
  });
});
