import type { Seat } from '../family/seat';
import { importEta } from '../history/history-import';
import { isWarmingUp } from '../history/seat-imports';
import type { Pairing } from '../pairing/pairing';
import { effectiveStatus } from './consent-request';

/**
 * The protection state (`GET /seats/{uid}/protection`): derived on every read, never stored, from the
 * seat's consent, activation, pause, open alerts and pairing.
 */
export type ProtectionStateName =
  | 'waiting_consent'
  | 'declined'
  | 'ready_to_connect'
  | 'connecting'
  | 'warming_up'
  | 'protecting'
  | 'needs_you'
  | 'paused'
  | 'stopped'
  | 'ended';
export type ProtectionReason =
  | 'consent_stopped_by_dependent'
  | 'identity_mismatch'
  | 'passkey_required'
  | 'reconnecting'
  | 'disconnected'
  | 'reconnect_required'
  | 'alert_open'
  | 'paused_by_guardian';
export type ProtectionAction =
  'send_consent' | 'activate_seat' | 'connect' | 'review_alert' | 'resume_pause' | null;

export interface Protection {
  state: ProtectionStateName;
  reason: ProtectionReason | null;
  since: string;
  action: ProtectionAction;
  /** `warming_up` only: when the first history read should end, when its progress allows an honest estimate. */
  etaAt?: string;
}

export const deriveProtection = (seat: Seat, now: Date): Protection => {
  const consent = seat.consent;
  if (seat.status === 'archived')
    return { state: 'ended', reason: null, since: seat.updatedAt, action: null };
  if (consent !== null && effectiveStatus(consent, now) === 'revoked' && consent.revokedBy === 'dependent') {
    return {
      state: 'stopped',
      reason: 'consent_stopped_by_dependent',
      since: consent.decidedAt ?? consent.createdAt,
      action: 'send_consent',
    };
  }
  if (seat.status === 'paused')
    return {
      state: 'paused',
      reason: 'paused_by_guardian',
      since: seat.pause?.pausedAt ?? seat.updatedAt,
      action: 'resume_pause',
    };
  if (consent === null)
    return { state: 'waiting_consent', reason: null, since: seat.createdAt, action: 'send_consent' };
  const status = effectiveStatus(consent, now);
  const needsYou = openSince(seat);
  if (seat.status === 'active' && needsYou !== null)
    return { state: 'needs_you', reason: 'alert_open', since: needsYou, action: 'review_alert' };
  if (status === 'given' && seat.status === 'active' && seat.pairing !== null) {
    const warmup = warmupState(seat, now);
    if (warmup !== null) return warmup;
    const connection = connectionState(seat.pairing);
    if (connection !== null) return connection;
  }
  if (status === 'given') {
    return {
      state: 'ready_to_connect',
      reason: null,
      since: consent.decidedAt ?? consent.createdAt,
      action: seat.status === 'pending' ? 'activate_seat' : 'connect',
    };
  }
  if (status === 'declined')
    return {
      state: 'declined',
      reason: null,
      since: consent.decidedAt ?? consent.createdAt,
      action: 'send_consent',
    };
  if (status === 'pending')
    return { state: 'waiting_consent', reason: null, since: consent.createdAt, action: null };
  return {
    state: 'waiting_consent',
    reason: null,
    since: consent.decidedAt ?? consent.expiresAt,
    action: 'send_consent',
  };
};

/**
 * The protection the person sees (their page and stream): the state the seat would have without its
 * alerts. Alerts are the guardians' only; the person never learns one opened or closed.
 */
export const personProtection = (seat: Seat, now: Date): Protection =>
  deriveProtection({ ...seat, openAlerts: [] }, now);

/** Since when the seat has had an open alert without a break: its oldest open alert's opening. */
const openSince = (seat: Seat): string | null =>
  seat.openAlerts.reduce<string | null>(
    (oldest, alert) => (oldest === null || alert.createdAt < oldest ? alert.createdAt : oldest),
    null,
  );

/** Whether two derivations differ enough to tell the app (`seat.state_changed`). */
export const protectionChanged = (before: Protection, after: Protection): boolean =>
  before.state !== after.state || before.reason !== after.reason || before.action !== after.action;

/**
 * A connected seat (paired, or dropped and retried) whose first history read is still to finish is
 * warming up, since that import joined the queue; a failed read ends the warm-up too.
 */
const warmupState = (seat: Seat, now: Date): Protection | null => {
  const pairing = seat.pairing;
  const first = seat.historyImport;
  if (pairing === null || first === null || !isWarmingUp(seat)) return null;
  if (pairing.status !== 'paired' && pairing.status !== 'degraded') return null;
  const etaAt = importEta(first, now);
  return {
    state: 'warming_up',
    reason: pairing.status === 'degraded' ? 'reconnecting' : null,
    since: first.queuedAt,
    action: null,
    ...(etaAt === null ? {} : { etaAt }),
  };
};

/**
 * What the seat's pairing says of the protection: an open pairing is `connecting` (a dropped one
 * too, while it is retried), a paired one `protecting`; an ended one leaves the seat ready to
 * connect again, with the reason when guardians must act on it.
 */
const connectionState = (pairing: Pairing): Protection | null => {
  const since = pairing.updatedAt;
  switch (pairing.status) {
    case 'paired':
      return { state: 'protecting', reason: null, since: pairing.lastSeenAt ?? since, action: null };
    case 'degraded':
      return { state: 'connecting', reason: 'reconnecting', since: pairing.droppedAt ?? since, action: null };
    case 'starting':
    case 'challenge':
    case 'passkey':
    case 'connecting':
      return { state: 'connecting', reason: null, since: pairing.startedAt, action: null };
    case 'cancelled':
      // Guardians act on these two: another number linked, or WhatsApp asked for a passkey (it does
      // not always ask: a new pairing may go through).
      return pairing.failureReason === 'identity_mismatch' || pairing.failureReason === 'passkey_required'
        ? { state: 'ready_to_connect', reason: pairing.failureReason, since, action: 'connect' }
        : null;
    case 'disconnected':
      return {
        state: 'ready_to_connect',
        // Only pairing again helps: the device was unlinked, or its proxy burned with no room elsewhere.
        reason:
          pairing.failureReason === 'device_unlinked' || pairing.failureReason === 'proxy_burned'
            ? 'reconnect_required'
            : 'disconnected',
        since,
        action: 'connect',
      };
    case 'revoked':
      return null;
  }
};
