/**
 * E-mail addresses: one normal form for every comparison and key (case and spaces ignored), and
 * the rule that refuses domains that cannot receive mail, with a suggestion for common misspellings.
 */
export const normaliseEmail = (email: string): string => email.replace(/\s+/g, '').toLowerCase();

const misspelledDomains: Readonly<Record<string, string>> = {
  'gmial.com': 'gmail.com',
  'gmail.con': 'gmail.com',
  'gmai.com': 'gmail.com',
  'gamil.com': 'gmail.com',
  'gmail.co': 'gmail.com',
  'hotmial.com': 'hotmail.com',
  'hotmail.con': 'hotmail.com',
  'hotmai.com': 'hotmail.com',
  'outlok.com': 'outlook.com',
  'outlook.con': 'outlook.com',
  'yaho.com': 'yahoo.com',
  'yahoo.con': 'yahoo.com',
  'iclod.com': 'icloud.com',
  'icloud.con': 'icloud.com',
};

/** Reserved top-level domains that never receive mail (RFC 2606 / RFC 6761). */
const undeliverableTld = /\.invalid$/;

export type EmailDomainVerdict = { deliverable: true } | { deliverable: false; suggestion: string | null };

export const emailDomainVerdict = (normalisedEmail: string): EmailDomainVerdict => {
  const domain = normalisedEmail.slice(normalisedEmail.lastIndexOf('@') + 1);
  const suggestion = misspelledDomains[domain];
  if (suggestion !== undefined) {
    return { deliverable: false, suggestion: normalisedEmail.replace(/@[^@]+$/, `@${suggestion}`) };
  }
  if (undeliverableTld.test(domain) || !domain.includes('.')) return { deliverable: false, suggestion: null };
  return { deliverable: true };
};

/** `jane@example.com` -> `j***@example.com`: what guardians see of other members' addresses. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
};
