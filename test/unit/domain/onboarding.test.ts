import { describe, expect, it } from 'vitest';
import type { Dependent } from '../../../shared/domain/family/dependent';
import type { ConsentStatus } from '../../../shared/domain/consent/consent-request';
import { onboarding, seatStep } from '../../../shared/domain/family/onboarding';
import { newSeat, type Seat } from '../../../shared/domain/family/seat';

const person: Dependent = {
  kind: 'minor',
  name: 'Bia',
  birthDate: '2014-03-02',
  relationship: 'child',
  phone: '+5511987654321',
  document: { type: 'cpf', number: '52998224725' },
};
const seat = (fields: Partial<Seat> = {}): Seat => ({
  ...newSeat({
    uid: 'st_a',
    seatId: '01A',
    accountUid: 'acc_a',
    price: { amount: 2990, currency: 'BRL' },
    now: new Date('2026-01-01T00:00:00.000Z'),
  }),
  dependent: person,
  ...fields,
});

describe('seatStep', () => {
  it('is fill_dependent with no person, or without phone or document', () => {
    expect(seatStep(seat({ dependent: null }), null)).toBe('fill_dependent');
    expect(seatStep(seat({ dependent: { ...person, phone: null } }), 'given')).toBe('fill_dependent');
    expect(seatStep(seat({ dependent: { ...person, document: null } }), null)).toBe('fill_dependent');
  });

  it('is activate_seat for an old seat that does not require consent', () => {
    expect(seatStep(seat({ activationRequiresConsent: false }), null)).toBe('activate_seat');
  });

  it.each<[ConsentStatus | null, string]>([
    ['given', 'activate_seat'],
    ['pending', 'await_consent'],
    ['declined', 'consent_declined'],
    [null, 'send_consent'],
    ['expired', 'send_consent'],
    ['revoked', 'send_consent'],
  ])('follows the consent status %s to %s', (consent, step) => {
    expect(seatStep(seat(), consent)).toBe(step);
  });
});

const now = new Date('2026-11-22T10:00:00Z');
const pendingRequest = {
  requestId: 'r',
  status: 'pending' as const,
  requesterFirstName: 'Ana',
  createdAt: '2026-11-22T09:00:00.000Z',
  expiresAt: '2026-11-29T09:00:00.000Z',
  evidenceVerifiedAt: null,
  decidedAt: null,
  revokedBy: null,
  delivery: null,
};

describe('onboarding', () => {
  it('is add_seat, not complete, when no seat is pending and none is active', () => {
    expect(onboarding([seat({ status: 'archived' })], now)).toEqual({
      nextStep: 'add_seat',
      nextSeatUid: null,
      complete: false,
      seats: [],
    });
  });

  it('names the step of the oldest pending seat', () => {
    const older = seat({ uid: 'st_old', seatId: '01A', dependent: null });
    const newer = seat({ uid: 'st_new', seatId: '01B' });
    expect(onboarding([newer, older], now)).toMatchObject({
      nextStep: 'fill_dependent',
      nextSeatUid: 'st_old',
      complete: false,
    });
  });

  it('is null with complete: true when no seat is pending and one is active', () => {
    expect(onboarding([seat({ status: 'active' })], now)).toEqual({
      nextStep: null,
      nextSeatUid: null,
      complete: true,
      seats: [],
    });
  });

  it('is complete with an active seat while still naming a pending seat’s step', () => {
    const result = onboarding(
      [
        seat({ status: 'active', seatId: '01A' }),
        seat({ uid: 'st_p', seatId: '01B', consent: pendingRequest }),
      ],
      now,
    );
    expect(result).toEqual({
      nextStep: 'await_consent',
      nextSeatUid: 'st_p',
      complete: true,
      seats: [{ uid: 'st_p', seatStep: 'await_consent' }],
    });
  });
});
