import { describe, expect, it } from 'vitest';
import {
  birthYear,
  maskDocument,
  maskedDependent,
  maskName,
  maskPhone,
} from '../../../shared/domain/operators/masking';

describe('the backoffice’s masking of a protected person', () => {
  it('turns a name into initials', () => {
    expect(maskName('Maria Silva')).toBe('M. S.');
    expect(maskName('  ana  de   souza ')).toBe('A. D. S.');
    expect(maskName('Bia')).toBe('B.');
  });

  it('keeps of a phone the country, the area and the last two digits', () => {
    expect(maskPhone('+5511987654321')).toBe('+55 11 9****-**21');
    expect(maskPhone('+551134567821')).toBe('+55 11 3***-**21');
    expect(maskPhone('+14155550123')).toBe('+14 ****23');
  });

  it('keeps of a CPF its check digits, of a birth date its year', () => {
    expect(maskDocument({ type: 'cpf', number: '52998224791' })).toBe('***.***.***-91');
    expect(birthYear('2014-03-02')).toBe('2014');
  });

  it('masks every identifying field of a dependent, and leaves none whole', () => {
    const dependent = {
      kind: 'minor',
      name: 'Zuleica Quintanilha',
      birthDate: '2013-07-19',
      relationship: 'child',
      phone: '+5511976543287',
      document: { type: 'cpf', number: '52998224725' },
    } as const;
    const shown = JSON.stringify(maskedDependent(dependent));
    for (const secret of ['Zuleica', 'Quintanilha', '976543287', '52998224725', '529', '07-19']) {
      expect(shown).not.toContain(secret);
    }
    expect(maskedDependent(dependent)).toEqual({
      kind: 'minor',
      name: 'Z. Q.',
      phone: '+55 11 9****-**87',
      document: '***.***.***-25',
      birthYear: '2013',
      relationship: 'child',
    });
  });
});
