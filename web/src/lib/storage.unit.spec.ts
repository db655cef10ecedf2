import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshRetryKey, saveTokens, signedInUserId } from './storage.js';
import { fakeLocalStorage } from './storage.test-support.js';

describe('what the app keeps about its session', () => {
  beforeEach(() => vi.stubGlobal('localStorage', fakeLocalStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('sends one Idempotency-Key for every attempt to trade a refresh token, a new one for the next token', () => {
    const first = refreshRetryKey('refresh-token-number-one');
    expect(refreshRetryKey('refresh-token-number-one')).toBe(first);
    const next = refreshRetryKey('refresh-token-number-two');
    expect(next).not.toBe(first);
    expect(refreshRetryKey('refresh-token-number-two')).toBe(next);
  });

  it('reads who the stored access token speaks for, and nothing from a token it cannot read', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'user-7', exp: 1 })).toString('base64url');
    saveTokens({ accessToken: `h.${payload}.s`, refreshToken: 'r' });
    expect(signedInUserId()).toBe('user-7');
    saveTokens({ accessToken: 'not-a-jwt', refreshToken: 'r' });
    expect(signedInUserId()).toBeNull();
  });
});
