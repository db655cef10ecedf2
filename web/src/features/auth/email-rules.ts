/** The email input strips every whitespace character (§5). */
export function stripWhitespace(s: string): string {
  return s.replace(/\s+/g, '');
}

export function onCompanyDomain(email: string, domain: string): boolean {
  return email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}

export function domainAlert(domain: string): string {
  return `only accept @${domain}`;
}
