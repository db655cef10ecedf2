import { describe, expect, it } from 'vitest';
import { CompanySignInRefused, companyIdentity } from './company-sign-in.js';

const refusal = (claims: Record<string, unknown>) => {
  try {
    companyIdentity(claims, 'woxa.tech');
  } catch (err) {
    if (err instanceof CompanySignInRefused) return err.reason;
    throw err;
  }
  return 'accepted';
};

describe('which company identities sign in', () => {
  it('accepts a verified company mailbox, lower-cased, named by the provider', () => {
    expect(companyIdentity({ email: 'Dao@Woxa.Tech', email_verified: true, name: ' Dao ' }, 'woxa.tech')).toEqual({
      email: 'dao@woxa.tech',
      name: 'Dao',
    });
  });

  it('names a person without a name claim by their mailbox', () => {
    expect(companyIdentity({ email: 'pim@woxa.tech', email_verified: true }, 'woxa.tech').name).toBe('pim');
  });

  it("accepts Entra ID's domain-owner-verified claim in place of email_verified", () => {
    expect(refusal({ email: 'a@woxa.tech', xms_edov: true })).toBe('accepted');
  });

  it('refuses another domain, a look-alike, another Workspace, and no email at all', () => {
    expect(refusal({ email: 'a@gmail.com', email_verified: true })).toBe('wrong-domain');
    expect(refusal({ email: 'a@evilwoxa.tech', email_verified: true })).toBe('wrong-domain');
    expect(refusal({ email: 'a@woxa.tech', email_verified: true, hd: 'other.example' })).toBe('wrong-domain');
    expect(refusal({ email_verified: true })).toBe('wrong-domain');
  });

  it('refuses an unverified or only truthy-looking verification', () => {
    expect(refusal({ email: 'a@woxa.tech', email_verified: false })).toBe('unverified-email');
    expect(refusal({ email: 'a@woxa.tech', email_verified: 'true' })).toBe('unverified-email');
    expect(refusal({ email: 'a@woxa.tech' })).toBe('unverified-email');
  });
});
