import { describe, expect, it } from 'vitest';
import {
  consentTransitions,
  effectiveStatus,
  newConsentRequest,
  nextStatus,
} from '../../../shared/domain/consent/consent-request';
import { deriveProtection } from '../../../shared/domain/consent/protection';
import {
  needsDataKey,
  activate,
  checkActivation,
  declineRequest,
  giveConsent,
  pairingBlockers,
  recordEvidence,
  requestConsent,
  renewRequest,
  stopByDependent,
} from '../../../shared/domain/consent/seat-consent';
import { isServiceError } from '../../../shared/domain/errors';
import { fillDependent, newSeat, type Seat } from '../../../shared/domain/family/seat';
import { checkCampaign } from '../../../shared/domain/family/subscription';
import { newPairing } from '../../../shared/domain/pairing/pairing';

const now = new Date('2026-11-22T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const settings = { linkTtlSeconds: 3600, resendWaitSeconds: 86_400 };
const request = (at = now, requestId = 'r1') => ({ requestId, now: at, requesterFirstName: 'Ana' });
const person = {
  kind: 'minor' as const,
  name: 'Bia',
  birthDate: '2014-03-02',
  relationship: 'child' as const,
  phone: '+5511987654321',
  document: { type: 'cpf' as const, number: '52998224725' },
};
const seatWithPerson = (): Seat => ({
  ...newSeat({ uid: 'st_x', seatId: '01A', accountUid: 'acc_x', price: { amount: 1, currency: 'BRL' }, now }),
  dependent: person,
});
const asked = () => requestConsent(seatWithPerson(), request(), settings).seat;
const given = () => giveConsent(recordEvidence(asked(), now), now);

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return isServiceError(error) ? error.code : String(error);
  }
  return undefined;
};

describe('the consent request transition table', () => {
  it.each([
    ['pending', 'give', 'given'],
    ['pending', 'decline', 'declined'],
    ['pending', 'revoke', 'revoked'],
    ['given', 'stop', 'revoked'],
    ['declined', 'renew', 'pending'],
    ['expired', 'renew', 'pending'],
    ['revoked', 'renew', 'pending'],
  ] as const)('%s --%s--> %s', (from, move, to) => {
    expect(nextStatus(from, move)).toBe(to);
  });

  it('has no other rows: a given consent cannot be declined, a declined one cannot be given', () => {
    expect(nextStatus('given', 'decline')).toBeNull();
    expect(nextStatus('declined', 'give')).toBeNull();
    expect(Object.values(consentTransitions).flatMap((row) => Object.keys(row))).toHaveLength(8);
  });

  it('is expired once its lifetime has passed while still pending', () => {
    const pending = newConsentRequest({ requestId: 'r', now, ttlSeconds: 60, requesterFirstName: null });
    expect(effectiveStatus(pending, later(59))).toBe('pending');
    expect(effectiveStatus(pending, later(60))).toBe('expired');
  });
});

describe('asking for consent (call map order)', () => {
  it('needs the person, then their phone and document, then a pending seat', () => {
    expect(codeOf(() => requestConsent({ ...seatWithPerson(), dependent: null }, request(), settings))).toBe(
      'DEPENDENT_REQUIRED',
    );
    expect(
      codeOf(() =>
        requestConsent({ ...seatWithPerson(), dependent: { ...person, phone: null } }, request(), settings),
      ),
    ).toBe('DEPENDENT_INCOMPLETE');
    expect(codeOf(() => requestConsent({ ...seatWithPerson(), status: 'active' }, request(), settings))).toBe(
      'SEAT_NOT_PENDING',
    );
  });

  it('reuses an open request; refuses once consent is given; waits out a lock', () => {
    expect(requestConsent(asked(), request(now, 'r2'), settings)).toEqual({ seat: asked(), created: false });
    expect(codeOf(() => requestConsent(given(), request(), settings))).toBe('CONSENT_ALREADY_GIVEN');
    const declined = declineRequest(asked(), now, settings);
    expect(codeOf(() => requestConsent(declined, request(later(60)), settings))).toBe('RESEND_LOCKED');
    expect(requestConsent(declined, request(later(86_400), 'r2'), settings).created).toBe(true);
  });

  it('resends a new request after a decline once the wait is over', () => {
    const declined = declineRequest(asked(), now, settings);
    expect(codeOf(() => renewRequest(declined, request(later(10), 'r2'), settings))).toBe('RESEND_LOCKED');
    expect(renewRequest(declined, request(later(86_400), 'r2'), settings).consent).toMatchObject({
      requestId: 'r2',
      status: 'pending',
    });
  });
});

describe('the person’s answers', () => {
  it('give needs verified evidence', () => {
    expect(codeOf(() => giveConsent(asked(), now))).toBe('EVIDENCE_REQUIRED');
    expect(given().consent?.status).toBe('given');
  });

  it('stop revokes a given consent by the person, locks resend and destroys the seat key', () => {
    const active = activate(given(), now, { campaignCode: null, dataKeyId: 'key-1' });
    const stopped = stopByDependent(active, now, settings);
    expect(stopped.consent).toMatchObject({ status: 'revoked', revokedBy: 'dependent' });
    expect(stopped.dataKeyId).toBeNull();
    // A new consent on the stopped seat needs a new key; one before activation waits for it.
    expect(needsDataKey(stopped)).toBe(true);
    expect(needsDataKey(active)).toBe(false);
    expect(needsDataKey(given())).toBe(false);
    expect(stopped.resendLockedUntil).toBe(later(86_400).toISOString());
    expect(deriveProtection(stopped, now)).toMatchObject({
      state: 'stopped',
      reason: 'consent_stopped_by_dependent',
    });
    expect(codeOf(() => checkActivation(stopped, now))).toBe('STOPPED_BY_DEPENDENT');
    expect(pairingBlockers(stopped, now, true)).toEqual(['consent_required', 'stopped_by_dependent']);
  });

  it('locks the person’s data once they consented to it, and a change revokes an open link', () => {
    expect(codeOf(() => fillDependent(given(), { ...person, name: 'Beatriz' }, now))).toBe(
      'DEPENDENT_LOCKED',
    );
    const changed = fillDependent(asked(), { ...person, name: 'Beatriz' }, now);
    expect(changed?.revokedOpenLink).toBe(true);
    expect(changed?.seat.consent).toMatchObject({ status: 'revoked', revokedBy: 'dependent_data_changed' });
  });
});

describe('activation', () => {
  it('needs consent when the seat requires it, and a relationship not refuted', () => {
    expect(codeOf(() => checkActivation(asked(), now))).toBe('CONSENT_REQUIRED');
    expect(
      codeOf(() =>
        checkActivation({ ...given(), relationshipCheck: { result: 'refuted', checkedAt: '' } }, now),
      ),
    ).toBe('RELATIONSHIP_REFUTED');
    expect(
      codeOf(() =>
        checkActivation({ ...given(), relationshipCheck: { result: 'inconclusive', checkedAt: '' } }, now),
      ),
    ).toBeUndefined();
    expect(
      codeOf(() => checkActivation({ ...seatWithPerson(), activationRequiresConsent: false }, now)),
    ).toBeUndefined();
  });

  it('turns the seat active with the attestation and its key; protection becomes ready_to_connect', () => {
    const active = activate(given(), now, { campaignCode: 'WELCOME10', dataKeyId: 'key-1' });
    expect(active).toMatchObject({
      status: 'active',
      dataKeyId: 'key-1',
      activation: { guardianAttestation: true, campaignCode: 'WELCOME10' },
    });
    expect(deriveProtection(active, now)).toMatchObject({ state: 'ready_to_connect', action: 'connect' });
  });

  it.each(['identity_mismatch', 'passkey_required'] as const)(
    'says why a cancelled pairing left the seat ready to connect again (%s)',
    (failureReason) => {
      const active = activate(given(), now, { campaignCode: null, dataKeyId: 'key-1' });
      const pairing = {
        ...newPairing({ pairingId: '01P', method: 'qr', requestedBy: 'guardian', proxyLabel: 'a', now }),
        status: 'cancelled' as const,
        failureReason,
      };
      expect(deriveProtection({ ...active, pairing }, now)).toMatchObject({
        state: 'ready_to_connect',
        reason: failureReason,
        action: 'connect',
      });
    },
  );

  it('refuses unknown campaigns and one already applied', () => {
    const campaigns = { WELCOME10: { percentOff: 10 } };
    expect(codeOf(() => checkCampaign('NOPE', campaigns, null))).toBe('CAMPAIGN_NOT_FOUND');
    const subscription = {
      status: 'trialing' as const,
      interval: 'monthly' as const,
      campaignCode: 'WELCOME10',
      trialEndsAt: null,
      createdAt: '',
      version: 0,
    };
    expect(codeOf(() => checkCampaign('WELCOME10', campaigns, subscription))).toBe(
      'CAMPAIGN_ALREADY_APPLIED',
    );
    expect(codeOf(() => checkCampaign('WELCOME10', campaigns, null))).toBeUndefined();
  });
});

describe('the protection state', () => {
  it.each([
    ['no request', () => seatWithPerson(), 'waiting_consent', 'send_consent'],
    ['an open link', () => asked(), 'waiting_consent', null],
    ['a decline', () => declineRequest(asked(), now, settings), 'declined', 'send_consent'],
    ['a yes on a pending seat', () => given(), 'ready_to_connect', 'activate_seat'],
    ['an archived seat', () => ({ ...seatWithPerson(), status: 'archived' as const }), 'ended', null],
  ] as const)('with %s is %s', (_, make, state, action) => {
    expect(deriveProtection(make(), now)).toMatchObject({ state, action });
  });
});

describe('the relationship check', () => {
  it('runs once per seat, and again only after `failed`', async () => {
    const { needsRelationshipCheck } = await import('../../../shared/domain/consent/relationship-check');
    expect(needsRelationshipCheck(null)).toBe(true);
    expect(needsRelationshipCheck({ result: 'failed', checkedAt: '' })).toBe(true);
    for (const result of ['confirmed', 'refuted', 'inconclusive'] as const)
      expect(needsRelationshipCheck({ result, checkedAt: '' })).toBe(false);
  });
});

describe('contracting a channel', () => {
  it('needs an active seat, offers only chat, answers 409 first after a stop, and is idempotent', async () => {
    const { enableChannel } = await import('../../../shared/domain/pairing/channels');
    const price = { amount: 1990, currency: 'BRL' as const };
    expect(codeOf(() => enableChannel(given(), 'chat', price, now))).toBe('SEAT_NOT_ACTIVE');
    const active = activate(given(), now, { campaignCode: null, dataKeyId: 'k' });
    expect(codeOf(() => enableChannel(active, 'sms', price, now))).toBe('CHANNEL_UNAVAILABLE');
    const enabled = enableChannel(active, 'chat', price, now);
    expect(enabled).toMatchObject({ enabled: true, seat: { channels: { chat: { price } } } });
    expect(enableChannel(enabled.seat, 'chat', { amount: 1, currency: 'BRL' }, later(60))).toEqual({
      seat: enabled.seat,
      enabled: false,
    });
    expect(codeOf(() => enableChannel(stopByDependent(enabled.seat, now, settings), 'sms', price, now))).toBe(
      'STOPPED_BY_DEPENDENT',
    );
  });
});
