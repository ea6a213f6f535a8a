import { fail } from '../errors';
import { isDependentComplete } from '../family/dependent';
import type { Seat } from '../family/seat';
import { effectiveStatus, move, newConsentRequest, type ConsentRequest } from './consent-request';
import { isRefuted } from './relationship-check';

/**
 * The seat-level consent rules: asking, resending, the person's answers and activation. Each
 * function takes the seat as read and returns the seat to write; a broken rule throws its code,
 * checked in a fixed order, so a request that breaks several rules always answers the same code.
 */

export interface ConsentSettings {
  linkTtlSeconds: number;
  resendWaitSeconds: number;
}

/** What a new request needs besides the seat: its id, when, and who asks. */
export interface NewRequest {
  requestId: string;
  now: Date;
  requesterFirstName: string | null;
}

const statusOf = (seat: Seat, now: Date) =>
  seat.consent === null ? null : effectiveStatus(seat.consent, now);

export const isStoppedByDependent = (seat: Seat): boolean =>
  seat.consent?.status === 'revoked' && seat.consent.revokedBy === 'dependent';

const checkDependent = (seat: Seat): void => {
  if (seat.dependent === null) throw fail('DEPENDENT_REQUIRED');
  if (!isDependentComplete(seat.dependent)) throw fail('DEPENDENT_INCOMPLETE');
};

const checkResendLock = (seat: Seat, now: Date): void => {
  if (seat.resendLockedUntil !== null && now.getTime() < Date.parse(seat.resendLockedUntil)) {
    throw fail('RESEND_LOCKED', { retryAt: seat.resendLockedUntil });
  }
};

const withNewRequest = (seat: Seat, request: NewRequest, settings: ConsentSettings): Seat => ({
  ...seat,
  consent: newConsentRequest({ ...request, ttlSeconds: settings.linkTtlSeconds }),
  resendLockedUntil: null,
  updatedAt: request.now.toISOString(),
});

/**
 * `POST /seats/{uid}/consent-request`: an open request is reused; otherwise a new one is made.
 * `created` says which, so the answer is 201 only for a new request.
 */
export const requestConsent = (
  seat: Seat,
  request: NewRequest,
  settings: ConsentSettings,
): { seat: Seat; created: boolean } => {
  const now = request.now;
  checkDependent(seat);
  if (seat.status !== 'pending') throw fail('SEAT_NOT_PENDING');
  const status = statusOf(seat, now);
  if (status === 'given') throw fail('CONSENT_ALREADY_GIVEN');
  checkResendLock(seat, now);
  if (status === 'pending') return { seat, created: false };
  return { seat: withNewRequest(seat, request, settings), created: true };
};

/** `POST /seats/{uid}/consent-request/resend`: a new link replacing the current one, after any wait. */
export const renewRequest = (seat: Seat, request: NewRequest, settings: ConsentSettings): Seat => {
  const now = request.now;
  checkDependent(seat);
  if (seat.consent === null)
    throw fail('CONSENT_EXPIRED', undefined, 'There is no link to resend; send a consent request.');
  if (statusOf(seat, now) === 'given') throw fail('CONSENT_ALREADY_GIVEN');
  checkResendLock(seat, now);
  return withNewRequest(seat, request, settings);
};

/** The person's answers, on the public link of the current request. */
export const giveConsent = (seat: Seat, now: Date): Seat => {
  const consent = currentPending(seat, now);
  if (consent.evidenceVerifiedAt === null) throw fail('EVIDENCE_REQUIRED');
  return { ...seat, consent: move(consent, 'give', now, 'CONSENT_EXPIRED'), updatedAt: now.toISOString() };
};

/**
 * Whether a seat just given consent needs a data key of its own: an activated seat whose key the
 * person's stop destroyed. The new consent gets a new key; what the old one sealed stays unreadable.
 * A pending seat gets its key at activation.
 */
export const needsDataKey = (seat: Seat): boolean =>
  (seat.status === 'active' || seat.status === 'paused') && seat.dataKeyId === null;

export const declineRequest = (seat: Seat, now: Date, settings: ConsentSettings): Seat => ({
  ...seat,
  consent: move(currentPending(seat, now), 'decline', now, 'CONSENT_EXPIRED'),
  resendLockedUntil: new Date(now.getTime() + settings.resendWaitSeconds * 1000).toISOString(),
  updatedAt: now.toISOString(),
});

/**
 * The person stops protection: the consent is revoked by them, no new link for the wait, and the
 * seat's data key is destroyed, so nothing written before can be read again.
 */
export const stopByDependent = (seat: Seat, now: Date, settings: ConsentSettings): Seat => {
  if (seat.consent === null || effectiveStatus(seat.consent, now) !== 'given')
    throw fail('CONSENT_NOT_GIVEN');
  return {
    ...seat,
    consent: move(seat.consent, 'stop', now, 'CONSENT_NOT_GIVEN', 'dependent'),
    resendLockedUntil: new Date(now.getTime() + settings.resendWaitSeconds * 1000).toISOString(),
    dataKeyId: null,
    updatedAt: now.toISOString(),
  };
};

export const recordEvidence = (seat: Seat, now: Date): Seat => ({
  ...seat,
  consent: { ...currentPending(seat, now), evidenceVerifiedAt: now.toISOString() },
  updatedAt: now.toISOString(),
});

const currentPending = (seat: Seat, now: Date): ConsentRequest => {
  if (seat.consent === null || effectiveStatus(seat.consent, now) !== 'pending')
    throw fail('CONSENT_EXPIRED');
  return seat.consent;
};

/**
 * `POST /seats/{uid}/activate`: after a stop only a new consent resumes (409 before anything else);
 * then the seat table's conditions in order.
 */
export const checkActivation = (seat: Seat, now: Date): void => {
  if (isStoppedByDependent(seat)) throw fail('STOPPED_BY_DEPENDENT');
  checkDependent(seat);
  if (seat.status !== 'pending') throw fail('SEAT_NOT_PENDING');
  if (seat.activationRequiresConsent && statusOf(seat, now) !== 'given') throw fail('CONSENT_REQUIRED');
  if (isRefuted(seat.relationshipCheck)) throw fail('RELATIONSHIP_REFUTED');
};

export const activate = (
  seat: Seat,
  now: Date,
  fields: { campaignCode: string | null; dataKeyId: string },
): Seat => ({
  ...seat,
  status: 'active',
  activation: {
    activatedAt: now.toISOString(),
    guardianAttestation: true,
    campaignCode: fields.campaignCode,
  },
  dataKeyId: fields.dataKeyId,
  updatedAt: now.toISOString(),
});

/** `GET /seats/{uid}/consent`: what pairing still lacks, in stable words clients match on (`blockedBy`). */
export type BlockedBy =
  | 'consent_required'
  | 'relationship_refuted'
  | 'seat_not_active'
  | 'channel_not_enabled'
  | 'stopped_by_dependent';

export const pairingBlockers = (seat: Seat, now: Date, channelEnabled: boolean): BlockedBy[] => {
  const blockers: BlockedBy[] = [];
  if (statusOf(seat, now) !== 'given') blockers.push('consent_required');
  if (isRefuted(seat.relationshipCheck)) blockers.push('relationship_refuted');
  if (seat.status !== 'active') blockers.push('seat_not_active');
  if (!channelEnabled) blockers.push('channel_not_enabled');
  if (isStoppedByDependent(seat)) blockers.push('stopped_by_dependent');
  return blockers;
};
