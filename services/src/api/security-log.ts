import type { Logger } from 'pino';

export type SecurityEvent =
  | 'login-failed'
  | 'access-denied'
  | 'login-throttled'
  | 'logged-out'
  | 'refresh-token-reused'
  | 'access-token-forged'
  | 'role-changed'
  | 'user-disabled'
  | 'user-enabled'
  | 'email-verified'
  | 'password-reset'
  | 'password-changed'
  | 'registration-throttled'
  | 'registration-for-taken-mailbox'
  | 'company-sign-in'
  | 'company-sign-in-refused'
  | 'account-claimed'
  | 'demo-accounts-open';

/** One structured line per security event (`security` names it), with the account and address involved. */
export function logSecurityEvent(
  logger: Logger,
  event: SecurityEvent,
  fields: { account?: string; address?: string; [key: string]: unknown },
): void {
  logger.warn({ security: event, ...fields }, `security: ${event}`);
}
