import { describe, expect, it } from 'vitest';
import { emailDomainVerdict, maskEmail, normaliseEmail } from '../../../shared/domain/people/email';
import { isE164 } from '../../../shared/domain/people/phone';

describe('e-mail addresses', () => {
  it('ignore case and spaces', () => {
    expect(normaliseEmail('  Ana.Souza @Example.COM ')).toBe('ana.souza@example.com');
  });

  it.each([
    ['ana@gmial.com', 'ana@gmail.com'],
    ['ana@gmail.con', 'ana@gmail.com'],
    ['ana@gmai.com', 'ana@gmail.com'],
    ['ana@hotmial.com', 'ana@hotmail.com'],
    ['ana@hotmail.con', 'ana@hotmail.com'],
    ['ana@outlok.com', 'ana@outlook.com'],
    ['ana@yaho.com', 'ana@yahoo.com'],
    ['ana@iclod.com', 'ana@icloud.com'],
  ])('refuse the misspelled domain of %s, suggesting %s', (email, suggestion) => {
    expect(emailDomainVerdict(email)).toEqual({ deliverable: false, suggestion });
  });

  it('refuse reserved .invalid domains without a suggestion, and accept ordinary ones', () => {
    expect(emailDomainVerdict('ana@family.invalid')).toEqual({ deliverable: false, suggestion: null });
    expect(emailDomainVerdict('ana@gmail.com')).toEqual({ deliverable: true });
  });

  it('are masked for other guardians as first letter, stars and domain', () => {
    expect(maskEmail('joana@example.com')).toBe('j***@example.com');
  });
});

describe('phones', () => {
  it('are E.164', () => {
    expect(isE164('+5511987654321')).toBe(true);
    expect(isE164('5511987654321')).toBe(false);
    expect(isE164('+0511987654321')).toBe(false);
    expect(isE164('+55119876543219999')).toBe(false);
  });
});
