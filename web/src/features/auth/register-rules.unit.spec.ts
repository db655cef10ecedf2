import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { ERROR_MESSAGES } from '@drinks/contracts';
import {
  failureWords,
  linkFailure,
  needsSignIn,
  passwordProblem,
  passwordRule,
  registered,
  registrationFailed,
  resendFailure,
} from './register-rules.js';

describe('registration messages', () => {
  it('names the password rule before the server is asked', () => {
    expect(passwordProblem('short')).toBe('Password must be at least 8 characters.');
    expect(passwordProblem('long enough')).toBeNull();
  });

  it('names the common-password and company-name checks only where the server applies them', () => {
    expect(passwordRule(true)).toBe('At least 8 characters, not a common password or the company name.');
    expect(passwordRule(false)).toBe('At least 8 characters.');
  });

  it("says the spec's words, and to open the mailed link only where ordering waits for it", () => {
    expect(registered(false)).toBe('create succeed, you can logging in now');
    expect(registered(true)).toBe(
      'create succeed, you can logging in now. Check your mailbox: open the link we sent to confirm your email before ordering.',
    );
  });

  it("shows the server's reason: its detail, else its title", () => {
    expect(failureWords(new ApiError(409, 'This email is already registered.', 'EMAIL_TAKEN'))).toBe(
      'This email is already registered.',
    );
    expect(
      failureWords(
        new ApiError(
          400,
          'Password must be at least 8 characters.',
          'VALIDATION',
          'Password must be at least 8 characters.',
        ),
      ),
    ).toBe('Password must be at least 8 characters.');
    expect(failureWords(new TypeError('Failed to fetch'))).toMatch(/could not reach the server/i);
  });

  it("says the spec's 'create failed' before the reason", () => {
    expect(registrationFailed(new ApiError(409, 'This email is already registered.', 'EMAIL_TAKEN'))).toBe(
      'create failed. This email is already registered.',
    );
  });
});

describe('a mailed link refused', () => {
  it('says a malformed token in the words of a used or old link, and passes the password rule on as it is', () => {
    const cut = new ApiError(
      400,
      'x',
      'VALIDATION_FAILED',
      'token: Too small: expected string to have >=16 characters',
    );
    expect(linkFailure(cut)).toBe(ERROR_MESSAGES.INVALID_LINK);
    const used = new ApiError(400, 'x', 'INVALID_LINK', ERROR_MESSAGES.INVALID_LINK);
    expect(linkFailure(used)).toBe(ERROR_MESSAGES.INVALID_LINK);
    const weak = new ApiError(400, 'x', 'VALIDATION_FAILED', 'This password is one of the most common.');
    expect(linkFailure(weak)).toBe('This password is one of the most common.');
  });

  it("asks to sign in at an admin address's link, and nowhere else", () => {
    const words = ERROR_MESSAGES.SIGN_IN_TO_CONFIRM!;
    const refused = new ApiError(403, words, 'SIGN_IN_TO_CONFIRM', words);
    expect(needsSignIn(refused)).toBe(true);
    expect(linkFailure(refused)).toBe(words);
    expect(needsSignIn(new ApiError(400, 'x', 'INVALID_LINK', ERROR_MESSAGES.INVALID_LINK))).toBe(false);
  });
});

describe('a refused resend of the verification link', () => {
  it("gives the server's words for a refusal, plain words for its own failure (the mail server refused)", () => {
    const tooMany = new ApiError(429, 'x', 'TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.');
    expect(resendFailure(tooMany)).toBe('Too many attempts. Try again later.');
    expect(resendFailure(new ApiError(500, 'Internal Server Error', 'INTERNAL', 'Internal server error.'))).toBe(
      'The mail could not be sent. Try again later.',
    );
    expect(resendFailure(new TypeError('Failed to fetch'))).toMatch(/could not reach the server/i);
  });
});
