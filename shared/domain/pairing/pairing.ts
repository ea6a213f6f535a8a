import { fail } from '../errors';
import { checkConnectedNumber } from './number-check';
import {
  isOpenPairing,
  transitionPairing,
  type PairingEffect,
  type PairingStatus,
  type PairingTrigger,
} from './pairing.transitions';
import {
  attemptTimes,
  isCurrentAttempt,
  isLastAttempt,
  isVerdict,
  verdictTime,
  type ReconnectAttempt,
} from './reconnect';

/**
 * A seat's pairing: the link between the person's messaging
 * account and a session at the provider. The seat keeps its latest pairing; final ones stay readable.
 */
export const pairingMethods = ['qr', 'code'] as const;
export type PairingMethod = (typeof pairingMethods)[number];

/** The challenge as stored. Its value is shown only to whom the views allow (never the code to guardians). */
export interface StoredChallenge {
  kind: 'qr' | 'code' | 'passkey_confirm';
  /** The QR data, the 8-character code, or the number the person compares; null when unknown. */
  value: string | null;
  /**
   * For `passkey_confirm`: a number to compare. `webauthn` only in pairings saved before a WebAuthn
   * request ended the pairing instead (`passkey_required`).
   */
  confirmation: 'number' | 'webauthn' | null;
  expiresAt: string | null;
}

export const failureReasons = [
  'passkey_refused',
  'passkey_required',
  'identity_mismatch',
  'codes_exhausted',
  'challenge_failed',
  'reconnect_failed',
  'device_unlinked',
  'proxy_burned',
  'unlinked_by_guardian',
  'stopped_by_dependent',
  'reset_by_operator',
] as const;
export type FailureReason = (typeof failureReasons)[number];

export interface Pairing {
  pairingId: string;
  /** The only channel that pairs today (see channels.ts). */
  channel: 'chat';
  method: PairingMethod;
  requestedBy: 'guardian' | 'dependent';
  /** The session's name at the provider; its webhooks carry it back. */
  sessionName: string;
  proxyLabel: string;
  status: PairingStatus;
  challenge: StoredChallenge | null;
  failureReason: FailureReason | null;
  reconnectAttempts: number;
  nextRetryAt: string | null;
  droppedAt: string | null;
  /** Updated only when the session connects or reconnects. */
  lastSeenAt: string | null;
  pairedAt: string | null;
  startedAt: string;
  updatedAt: string;
  /**
   * When the provider made the newest status report that moved this pairing (its own instant): a
   * report made before it and delivered after it (a webhook retried late) changes nothing.
   */
  statusReportedAt?: string;
  /**
   * When the service asked the provider to restart the session (a proxy change: WAHA's update stops
   * and starts a running session): the `STOPPED` and `STARTING` it reports around then are that
   * restart (`isExpectedRestartReport`), not a drop nor the end of the codes shown.
   */
  restartExpectedAt?: string;
}

/**
 * The session's name at the provider: one per pairing, in the form the provider accepts (at most 54
 * characters of `[A-Za-z0-9_-]`). It names nothing else: the seat is found from the session's
 * metadata (`seatUid`), which the provider echoes, signed, in every event.
 */
export const sessionNameFor = (pairingId: string): string => `pairing_${pairingId.toLowerCase()}`;

/**
 * What a pairing's session carries as the provider's metadata, which the provider echoes in every
 * event it sends (and keeps with the session): opaque ids only, the seat's to route the event and the
 * pairing's. Never the person's number or anything else about them.
 */
export const sessionMetadata = (
  pairing: Pick<Pairing, 'pairingId'>,
  seatUid: string,
): Readonly<Record<string, string>> => ({ pairingId: pairing.pairingId, seatUid });

/**
 * The seat of a session named in the earlier form `<seat uid>.<pairing id>` (no lookup was written
 * for it): such pairings keep working while they live. Null for any other name.
 */
export const seatUidOfLegacySession = (sessionName: string): string | null =>
  /^(st_[A-Za-z0-9_-]{36})\.[0-9a-z]{26}$/.exec(sessionName)?.[1] ?? null;

export const newPairing = (fields: {
  pairingId: string;
  method: PairingMethod;
  requestedBy: Pairing['requestedBy'];
  proxyLabel: string;
  now: Date;
}): Pairing => ({
  pairingId: fields.pairingId,
  channel: 'chat',
  method: fields.method,
  requestedBy: fields.requestedBy,
  sessionName: sessionNameFor(fields.pairingId),
  proxyLabel: fields.proxyLabel,
  status: 'starting',
  challenge: null,
  failureReason: null,
  reconnectAttempts: 0,
  nextRetryAt: null,
  droppedAt: null,
  lastSeenAt: null,
  pairedAt: null,
  startedAt: fields.now.toISOString(),
  updatedAt: fields.now.toISOString(),
});

const failureOf: Partial<Record<PairingTrigger, FailureReason>> = {
  passkey_refused: 'passkey_refused',
  passkey_required: 'passkey_required',
  other_number_connected: 'identity_mismatch',
  codes_exhausted: 'codes_exhausted',
  challenge_failed: 'challenge_failed',
  third_retry_failed: 'reconnect_failed',
  device_unlinked: 'device_unlinked',
  proxy_burned: 'proxy_burned',
};

export interface PairingMoveResult {
  pairing: Pairing;
  from: PairingStatus;
  on: PairingTrigger;
  effects: readonly PairingEffect[];
}

/**
 * One row of the table applied to a pairing, with the fields its effects change; null when the
 * table has no row (a late or repeated trigger changes nothing).
 */
export const movePairing = (
  pairing: Pairing,
  on: PairingTrigger,
  now: Date,
  options: {
    challenge?: StoredChallenge;
    reconnectDelaysSeconds?: readonly number[];
    revokedBecause?: FailureReason;
    /** The trigger comes from a report of a restart the pairing expects (`isExpectedRestartReport`). */
    restartExpected?: boolean;
  } = {},
): PairingMoveResult | null => {
  const move = transitionPairing(pairing.status, on, options.restartExpected);
  if (move === null) return null;
  const at = now.toISOString();
  let next: Pairing = { ...pairing, status: move.to, updatedAt: at };
  // A challenge lives while one is shown: typed, scanned or ended, it is gone.
  next.challenge =
    move.to === 'challenge' || move.to === 'passkey' ? (options.challenge ?? pairing.challenge) : null;
  const failure = on === 'revoked' ? (options.revokedBecause ?? 'unlinked_by_guardian') : failureOf[on];
  if (failure !== undefined) next.failureReason = failure;
  if (move.effects.includes('refresh_last_seen')) {
    next = {
      ...next,
      lastSeenAt: at,
      pairedAt: next.pairedAt ?? at,
      reconnectAttempts: 0,
      nextRetryAt: null,
      droppedAt: null,
    };
  }
  if (move.effects.includes('schedule_retries')) {
    const first = attemptTimes(now, options.reconnectDelaysSeconds ?? [])[0];
    next = { ...next, droppedAt: at, reconnectAttempts: 0, nextRetryAt: first?.toISOString() ?? null };
  }
  if (!isOpenPairing(move.to)) next = { ...next, nextRetryAt: null };
  return { pairing: next, from: pairing.status, on, effects: move.effects };
};

/** The session statuses the provider reports in its `session.status` events. */
export const providerStatuses = [
  'STOPPED',
  'STARTING',
  'SCAN_QR_CODE',
  'PASSKEY_REQUIRED',
  'PASSKEY_CONFIRMATION_REQUIRED',
  'WORKING',
  'FAILED',
] as const;
export type ProviderStatus = (typeof providerStatuses)[number];

/** A status the provider answered when asked, or null for one the service does not know (or none). */
export const knownProviderStatus = (status: string | null): ProviderStatus | null =>
  providerStatuses.find((known) => known === status) ?? null;

/**
 * What a status report asks of a pairing. `challenge`: fetch the QR or a code, then move with
 * `challenge_arrived`. `confirm`: the provider asks to compare the number it sends. `connected`: check
 * the connected number, after the moves in `before`. `move`: plain triggers.
 */
export type StatusReading =
  | { kind: 'ignore' }
  | { kind: 'challenge' }
  | { kind: 'confirm' }
  | { kind: 'connected'; before: PairingTrigger[] }
  | { kind: 'move'; on: PairingTrigger };

const ignore = { kind: 'ignore' } as const;

/**
 * A status report made before the one that last moved the pairing: the provider retries webhooks,
 * so a STARTING or a QR rotation may arrive after the WORKING that followed it. Read as it comes it
 * would be a drop, or a device unlinked, that never happened. A report without its instant is read.
 */
export const isStaleReport = (pairing: Pairing, reportedAt: string | null): boolean =>
  reportedAt !== null && pairing.statusReportedAt !== undefined && reportedAt < pairing.statusReportedAt;

/** What a restart reports on its way back, before `WORKING` or `SCAN_QR_CODE` (README §A2). */
const restartReports: readonly ProviderStatus[] = ['STOPPED', 'STARTING'];

/**
 * How long either side of the moment the service asked for a restart its reports are that
 * restart's: WAHA restarts a session in seconds; the provider's clock and ours may differ a little.
 */
export const expectedRestartSeconds = 30;

/** A report made within the window of the restart the pairing expects (its instant, the provider's). */
export const isWithinExpectedRestart = (pairing: Pairing, reportedAt: string): boolean =>
  pairing.restartExpectedAt !== undefined &&
  Math.abs(Date.parse(reportedAt) - Date.parse(pairing.restartExpectedAt)) <= expectedRestartSeconds * 1000;

/**
 * A `STOPPED` or `STARTING` of the restart the pairing expects: the table's rows marked
 * `unlessRestartExpected` do not fire on it. A `FAILED`, or a report outside the window, is read
 * as ever: a session that never comes back still drops.
 */
export const isExpectedRestartReport = (
  pairing: Pairing,
  status: ProviderStatus,
  reportedAt: string,
): boolean => restartReports.includes(status) && isWithinExpectedRestart(pairing, reportedAt);

/** The service asks the provider to restart the session now: its reports are expected. */
export const expectRestart = (pairing: Pairing, now: Date): Pairing => ({
  ...pairing,
  restartExpectedAt: now.toISOString(),
});

export const readProviderStatus = (
  pairing: Pairing,
  status: ProviderStatus,
  attemptsAllowed: number,
): StatusReading => {
  const at = pairing.status;
  switch (status) {
    case 'SCAN_QR_CODE':
      // WAHA re-emits it each time the QR rotates; after a link it means the device was unlinked.
      if (at === 'starting' || at === 'challenge' || at === 'passkey') return { kind: 'challenge' };
      if (at === 'paired' || at === 'degraded') return { kind: 'move', on: 'device_unlinked' };
      return ignore;
    case 'PASSKEY_CONFIRMATION_REQUIRED':
      return at === 'starting' || at === 'challenge' ? { kind: 'confirm' } : ignore;
    case 'PASSKEY_REQUIRED':
      // Asked while the link is being made; a linked session has nothing left to ask.
      return isOpenPairing(at) && at !== 'paired' && at !== 'degraded'
        ? { kind: 'move', on: 'passkey_required' }
        : ignore;
    case 'WORKING':
      if (at === 'challenge') return { kind: 'connected', before: ['code_entered'] };
      if (at === 'passkey') return { kind: 'connected', before: ['passkey_matched'] };
      if (at === 'connecting') return { kind: 'connected', before: [] };
      if (at === 'degraded') return { kind: 'move', on: 'reconnected' };
      return ignore;
    case 'FAILED':
      if (at === 'paired') return { kind: 'move', on: 'connection_dropped' };
      if (at === 'degraded')
        return pairing.reconnectAttempts >= attemptsAllowed
          ? { kind: 'move', on: 'third_retry_failed' }
          : ignore;
      return isOpenPairing(at) ? { kind: 'move', on: 'challenge_failed' } : ignore;
    case 'STOPPED':
      if (at === 'paired') return { kind: 'move', on: 'connection_dropped' };
      if (at === 'challenge') return { kind: 'move', on: 'codes_exhausted' };
      return ignore;
    case 'STARTING':
      // After WORKING it is a lost connection the engine is re-establishing (GOWS reports drops so).
      // Once dropped (`degraded`), a STARTING is the same drop or a restart: one drop, one round of retries.
      return at === 'paired' ? { kind: 'move', on: 'connection_dropped' } : ignore;
  }
};

/**
 * The number check that moves `connecting` to `paired`: the first id the provider reports that is a
 * phone decides; none at all (an `@lid` only) cannot be the person's number.
 */
export const numberTrigger = (declaredPhone: string, connectedIds: readonly string[]): PairingTrigger => {
  for (const id of connectedIds) {
    const check = checkConnectedNumber(declaredPhone, id);
    if (check.outcome === 'match') return 'number_confirmed';
    if (check.outcome === 'mismatch') return 'other_number_connected';
  }
  return 'other_number_connected';
};

/** `POST …/pairing/passkey { matches }`: only while the provider waits for a number comparison. */
export const passkeyAnswer = (pairing: Pairing | null, matches: boolean): PairingTrigger => {
  if (pairing === null || pairing.status !== 'passkey') throw fail('PAIRING_NOT_AWAITING_CONFIRMATION');
  if (pairing.challenge?.confirmation === 'webauthn') throw fail('CONFIRMATION_NOT_SUPPORTED');
  return matches ? 'passkey_matched' : 'passkey_refused';
};

/**
 * The challenge renewal (`POST /seats/{uid}/pairing/challenge`): only an open pairing still showing
 * (or waiting for) its challenge; once something was typed or scanned the method cannot change.
 */
export const renewalMethod = (pairing: Pairing | null, method: PairingMethod | undefined): PairingMethod => {
  if (pairing === null || !isOpenPairing(pairing.status)) throw fail('PAIRING_NOT_OPEN');
  if (pairing.status !== 'starting' && pairing.status !== 'challenge') throw fail('PAIRING_NOT_SWITCHABLE');
  return method ?? pairing.method;
};

/**
 * What a reconnect schedule that fired asks: an attempt (with the pairing as it records the attempt,
 * and the schedule after it: the next attempt, or after the last one the verdict), or the verdict,
 * which ends the drop either way. Null when the pairing no longer waits for this schedule.
 */
export type FiredReconnect =
  | {
      kind: 'attempt';
      pairing: Pairing;
      last: boolean;
      next: { attempt: ReconnectAttempt; at: Date } | null;
    }
  | { kind: 'verdict' };

export const beginAttempt = (
  pairing: Pairing,
  fired: ReconnectAttempt,
  delaysSeconds: readonly number[],
): FiredReconnect | null => {
  if (!isCurrentAttempt(pairing, fired) || pairing.droppedAt === null) return null;
  if (isVerdict(fired.attempt, delaysSeconds)) return { kind: 'verdict' };
  const droppedAt = new Date(pairing.droppedAt);
  const nextAttemptAt = attemptTimes(droppedAt, delaysSeconds)[fired.attempt];
  const nextAt = nextAttemptAt ?? verdictTime(droppedAt, delaysSeconds);
  return {
    kind: 'attempt',
    pairing: {
      ...pairing,
      reconnectAttempts: fired.attempt,
      // The verdict is no retry: after the last attempt none is due.
      nextRetryAt: nextAttemptAt?.toISOString() ?? null,
    },
    last: isLastAttempt(fired.attempt, delaysSeconds),
    next: nextAt === undefined ? null : { attempt: { ...fired, attempt: fired.attempt + 1 }, at: nextAt },
  };
};

/**
 * What a fired reconnect schedule does, the session's status at the provider read as a report made
 * now: a status that moves the pairing moves it (back `WORKING`: `reconnected`, as its own event
 * would; a device unlinked); otherwise an attempt restarts the session, and the verdict gives up.
 */
export const reconnectStep = (
  firing: FiredReconnect,
  reading: StatusReading,
): 'follow_status' | 'restart' | 'give_up' =>
  reading.kind !== 'ignore' ? 'follow_status' : firing.kind === 'attempt' ? 'restart' : 'give_up';

/**
 * Challenges as guardians see them: the QR, or only that a code is on the person's phone or that the
 * person is asked to compare one.
 */
const guardianChallenge = (challenge: StoredChallenge | null) => {
  if (challenge === null) return null;
  if (challenge.kind === 'code')
    return { kind: 'code_on_dependent_phone' as const, expiresAt: challenge.expiresAt };
  if (challenge.kind === 'qr')
    return { kind: 'qr' as const, data: challenge.value, expiresAt: challenge.expiresAt };
  return { kind: 'passkey_confirm' as const, expiresAt: challenge.expiresAt };
};

/**
 * On the person's page the codes themselves are shown: the one they type on their own phone, and the
 * one they compare with their phone's.
 */
const personChallenge = (challenge: StoredChallenge | null) => {
  if (challenge === null) return null;
  if (challenge.kind === 'qr')
    return { kind: 'qr' as const, data: challenge.value, expiresAt: challenge.expiresAt };
  return { kind: challenge.kind, code: challenge.value, expiresAt: challenge.expiresAt };
};

/** What an event may carry: the QR for the guardian's screen, never a code. */
export const eventChallenge = (challenge: StoredChallenge | null): Record<string, string | null> | null => {
  const view = guardianChallenge(challenge);
  if (view === null) return null;
  return view.kind === 'qr'
    ? { kind: view.kind, data: view.data, expiresAt: view.expiresAt }
    : { kind: view.kind, expiresAt: view.expiresAt };
};

const commonView = (pairing: Pairing) => ({
  channel: pairing.channel,
  method: pairing.method,
  status: pairing.status,
  failureReason: pairing.failureReason,
  reconnectAttempts: pairing.reconnectAttempts,
  nextRetryAt: pairing.nextRetryAt,
  lastSeenAt: pairing.lastSeenAt,
  pairedAt: pairing.pairedAt,
  startedAt: pairing.startedAt,
});

export const guardianPairingView = (pairing: Pairing) => ({
  ...commonView(pairing),
  challenge: guardianChallenge(pairing.challenge),
});

export const personPairingView = (pairing: Pairing) => ({
  ...commonView(pairing),
  challenge: personChallenge(pairing.challenge),
});
