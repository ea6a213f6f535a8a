import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkConnectedNumber } from '../../../shared/domain/pairing/number-check';

const working = JSON.parse(
  readFileSync(new URL('../../fixtures/providers/waha-session-status-WORKING.json', import.meta.url), 'utf8'),
) as {
  me: { id: string; lid?: string; jid?: string };
};

describe('the number check', () => {
  it('matches the provider’s WORKING fixture exactly, in every phone form of the id', () => {
    expect(checkConnectedNumber('+5511987654321', working.me.id)).toEqual({
      outcome: 'match',
      reason: 'exact',
    });
    expect(checkConnectedNumber('+5511987654321', '5511987654321:14@s.whatsapp.net')).toEqual({
      outcome: 'match',
      reason: 'exact',
    });
  });

  it('accepts a Brazilian mobile registered before the ninth digit as the same number', () => {
    expect(checkConnectedNumber('+5531987654321', '553187654321@c.us')).toEqual({
      outcome: 'match',
      reason: 'br_9th_digit',
    });
  });

  it('does not stretch the ninth-digit rule to another area code or a landline', () => {
    expect(checkConnectedNumber('+5531987654321', '552187654321@c.us')).toEqual({ outcome: 'mismatch' });
    expect(checkConnectedNumber('+553132654321', '55313265432@c.us')).toEqual({ outcome: 'mismatch' });
  });

  it('refuses @lid and group ids as a phone', () => {
    expect(checkConnectedNumber('+5511987654321', '187349265017433@lid')).toEqual({ outcome: 'not_a_phone' });
    expect(checkConnectedNumber('+5511987654321', '120363025246125486@g.us')).toEqual({
      outcome: 'not_a_phone',
    });
  });

  it('calls any other number a mismatch', () => {
    expect(checkConnectedNumber('+5511987654321', '5511912345678@c.us')).toEqual({ outcome: 'mismatch' });
  });
});
