import { describe, expect, it } from 'vitest';
import { isValidCpf, normaliseCpf, withCheckDigits } from '../../../shared/domain/people/cpf';

describe('CPF', () => {
  it('accepts numbers whose two check digits match the first nine', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('00000000191')).toBe(true);
    expect(isValidCpf('00000000272')).toBe(true);
    expect(isValidCpf('00000000353')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and all-same-digit numbers', () => {
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
  });

  it('accepts dots and the dash on input and strips them; anything else is refused', () => {
    expect(normaliseCpf('529.982.247-25')).toBe('52998224725');
    expect(normaliseCpf('529982247 25')).toBe('52998224725');
    expect(normaliseCpf('529a982.247-25')).toBeNull();
    expect(normaliseCpf('529.982.247-2')).toBeNull();
  });

  it('completes nine digits with their check digits', () => {
    expect(withCheckDigits('529982247')).toBe('52998224725');
    expect(withCheckDigits('000000001')).toBe('00000000191');
  });
});
