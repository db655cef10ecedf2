import { ERROR_MESSAGES } from '@drinks/contracts';
import { ApiError } from '../../lib/api-client.js';

/** Shown under the password field before anyone submits (the server's rule in contracts' RegisterBody). */
export const PASSWORD_MIN = 8;

/** The rule as the server applies it: the common-password and company-name checks only under strict account rules. */
export function passwordRule(weakPasswordsRefused: boolean): string {
  return weakPasswordsRefused
    ? `At least ${PASSWORD_MIN} characters, not a common password or the company name.`
    : `At least ${PASSWORD_MIN} characters.`;
}

/** The spec's words, then, where ordering waits for the mailed link, where to look. */
export function registered(verifiedEmailToOrder: boolean): string {
  const spec = 'create succeed, you can logging in now';
  return verifiedEmailToOrder
    ? `${spec}. Check your mailbox: open the link we sent to confirm your email before ordering.`
    : spec;
}

export function passwordProblem(password: string): string | null {
  return password.length < PASSWORD_MIN ? `Password must be at least ${PASSWORD_MIN} characters.` : null;
}

/** The server's own words for a refused call (rule broken, address taken, ...), or that it could not be reached. */
export function failureWords(err: unknown): string {
  if (err instanceof ApiError) return err.detail ?? err.message;
  return 'Could not reach the server. Please try again.';
}

/** The spec's 'create failed', then why (issue 14: a blanket 'create failed' left people guessing). */
export function registrationFailed(err: unknown): string {
  return `create failed. ${failureWords(err)}`;
}

/**
 * A mailed link's call refused: a link cut short by a mail program (its token malformed) has the same words as a
 * used or old one, not the check's own ("token: Too small…"); anything else as registration says it.
 */
export function linkFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 400 && /^token\b/.test(err.detail ?? ''))
    return ERROR_MESSAGES.INVALID_LINK ?? 'This link is invalid, already used or expired.';
  return failureWords(err);
}

/** An admin address's link, opened by someone not signed in as its account: it waits for that sign-in. */
export function needsSignIn(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'SIGN_IN_TO_CONFIRM';
}

/**
 * A refused 'Resend link': the server's words when it refused the request (too many tries), plain words when
 * it failed on its side (the mail server refused the mail), whose bare 500 says nothing a person can use.
 */
export function resendFailure(err: unknown): string {
  if (err instanceof ApiError && err.status >= 500) return 'The mail could not be sent. Try again later.';
  return failureWords(err);
}
