import { describe, expect, it } from 'vitest';
import {
  activate,
  giveConsent,
  recordEvidence,
  requestConsent,
  stopByDependent,
} from '../../../shared/domain/consent/seat-consent';
import { isServiceError } from '../../../shared/domain/errors';
import { newSeat, type Seat } from '../../../shared/domain/family/seat';
import { enableChannel } from '../../../shared/domain/pairing/channels';
import { checkPairingStart } from '../../../shared/domain/pairing/pairing-start';

const now = new Date('2026-11-22T10:00:00Z');
const settings = { linkTtlSeconds: 3600, resendWaitSeconds: 60 };
const phone = '+5511987654321';
const pending = (): Seat => ({
  ...newSeat({ uid: 'st_x', seatId: '01A', accountUid: 'acc_x', price: { amount: 1, currency: 'BRL' }, now }),
  dependent: {
    kind: 'minor',
    name: 'Bia',
    birthDate: '2014-03-02',
    relationship: 'child',
    phone,
    document: { type: 'cpf', number: '52998224725' },
  },
});
const consented = () =>
  giveConsent(
    recordEvidence(
      requestConsent(pending(), { requestId: 'r', now, requesterFirstName: null }, settings).seat,
      now,
    ),
    now,
  );
const active = () => activate(consented(), now, { campaignCode: null, dataKeyId: 'k' });
const ready = () => enableChannel(active(), 'chat', { amount: 1, currency: 'BRL' }, now).seat;

const codeOf = (seat: Seat, context: Partial<Parameters<typeof checkPairingStart>[2]> = {}) => {
  try {
    checkPairingStart(seat, now, { openPairing: null, guardianPhones: [], ...context });
    return undefined;
  } catch (error) {
    return isServiceError(error) ? error.code : String(error);
  }
};

describe('starting a pairing (its preconditions, in their checking order)', () => {
  it('needs the person’s consent', () => expect(codeOf(pending())).toBe('CONSENT_REQUIRED'));
  it('needs a relationship that is not refuted', () =>
    expect(codeOf({ ...ready(), relationshipCheck: { result: 'refuted', checkedAt: '' } })).toBe(
      'RELATIONSHIP_REFUTED',
    ));
  it('needs an active seat', () => expect(codeOf(consented())).toBe('SEAT_NOT_ACTIVE'));
  it('needs the channel enabled', () => expect(codeOf(active())).toBe('CHANNEL_NOT_ENABLED'));
  it('refuses a second open pairing, but not after a final one', () => {
    expect(codeOf(ready(), { openPairing: 'challenge' })).toBe('PAIRING_EXISTS');
    expect(codeOf(ready(), { openPairing: 'cancelled' })).toBeUndefined();
  });
  it('refuses a person whose phone is a guardian’s', () =>
    expect(codeOf(ready(), { guardianPhones: [phone] })).toBe('DEPENDENT_PHONE_IS_GUARDIAN'));
  it('answers 409 STOPPED_BY_DEPENDENT before anything else after a stop', () =>
    expect(codeOf(stopByDependent(ready(), now, settings), { openPairing: 'paired' })).toBe(
      'STOPPED_BY_DEPENDENT',
    ));
  it('lets a ready seat pair (an inconclusive relationship blocks nothing)', () =>
    expect(
      codeOf({ ...ready(), relationshipCheck: { result: 'inconclusive', checkedAt: '' } }),
    ).toBeUndefined());
});
