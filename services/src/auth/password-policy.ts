import { dictionary } from '@zxcvbn-ts/language-common';
import { strictAccounts, type Config } from '../config.js';
import { ValidationError } from '../errors.js';

// OWASP ASVS 5.0 6.2: refuse the passwords attackers try first (zxcvbn-ts's list of about 49,000
// common passwords) and words of this context (the company's name, the person's own mailbox name).

const COMMON = new Set(dictionary['passwords-common']);

/** Why this password is refused, in words for the person; null when it may be used. */
export function passwordWeakness(password: string, context: { companyDomain: string; email?: string }): string | null {
  const lower = password.toLowerCase();
  // "sunshine2024!" is "sunshine" to a guesser: digits and symbols at the end add little.
  const stem = lower.replace(/[^a-z]+$/, '');
  if (COMMON.has(lower) || (stem.length >= 4 && COMMON.has(stem))) {
    return 'This password is one of the most common: choose another.';
  }
  const company = context.companyDomain.toLowerCase().split('.')[0] ?? '';
  if (company.length >= 3 && lower.includes(company)) {
    return 'The password cannot contain the company name.';
  }
  const mailbox = context.email?.toLowerCase().split('@')[0]?.split('+')[0] ?? '';
  if (mailbox.length >= 4 && lower.includes(mailbox)) {
    return 'The password cannot contain your email name.';
  }
  return null;
}

/** 400 VALIDATION_FAILED naming the field when the new password is refused (only under strict account rules). */
export function refuseWeakPassword(
  password: string,
  field: string,
  config: Pick<Config, 'ACCOUNT_RULES' | 'DEMO_DATA' | 'COMPANY_EMAIL_DOMAIN'>,
  email?: string,
): void {
  if (!strictAccounts(config)) return;
  const reason = passwordWeakness(password, { companyDomain: config.COMPANY_EMAIL_DOMAIN, email });
  if (reason) throw new ValidationError(reason, [{ path: field, message: reason }]);
}
