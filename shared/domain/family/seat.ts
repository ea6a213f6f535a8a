import type { AlertRecord } from '../alerts/alert';
import type { Money } from '../money';
import { effectiveStatus, move, type ConsentRequest } from '../consent/consent-request';
import type { RelationshipCheck } from '../consent/relationship-check';
import { fail } from '../errors';
import type { HistoryImport } from '../history/history-import';
import type { Pairing } from '../pairing/pairing';
import { checkBirthDate, sameDependent, type Dependent } from './dependent';

export const seatStatuses = ['pending', 'active', 'paused', 'archived'] as const;
export type SeatStatus = (typeof seatStatuses)[number];

/**
 * A guardian's pause of a seat's protection, until an instant at most `maxDays` ahead. `pauseId`
 * names this pause: the schedule that ends it carries it, so a schedule of an older pause, or one
 * that fires after the seat was resumed, finds no pause of its own and changes nothing.
 */
export interface Pause {
  pauseId: string;
  pausedAt: string;
  until: string;
  cause: 'guardian';
}

/** What a seat's time counts as for its week: watched (active, not paused), connected while watched, paused. */
export interface WatchState {
  watched: boolean;
  connected: boolean;
  paused: boolean;
}

/** The seat's current watch state and the instant it began. */
export interface WatchMark extends WatchState {
  since: string;
}

export interface Seat {
  uid: string;
  /** Internal id (a ULID): used in events and never shown to clients. */
  seatId: string;
  accountUid: string;
  status: SeatStatus;
  price: Money;
  activationRequiresConsent: boolean;
  dependent: Dependent | null;
  /** The current consent request; older ones only survive as link lookups. */
  consent: ConsentRequest | null;
  relationshipCheck: RelationshipCheck | null;
  /** After a decline or a stop, no new link before this instant. */
  resendLockedUntil: string | null;
  activation: { activatedAt: string; guardianAttestation: true; campaignCode: string | null } | null;
  /** Channels contracted for the seat, each at the price of the day it was enabled. */
  channels: { chat?: { price: Money; enabledAt: string } };
  /** The latest pairing of the chat channel; a final one stays readable until the next starts. */
  pairing: Pairing | null;
  /** Set at the seat's first `paired`, so a trial starts only once; null means `not_started`. */
  trial: { startedAt: string; endsAt: string } | null;
  /**
   * The id of the seat's data key; null once destroyed. The key itself, wrapped (KMS envelope in
   * AWS, a local key locally), is kept apart from the seat in the seat keys' store, which no backup
   * holds (docs/security.md, crypto-shredding): destroying it there is final.
   */
  dataKeyId: string | null;
  /**
   * The seat's open alerts (at most one per category): kept with the seat, so a family read knows
   * who needs their guardians and every alert change is decided on the seat's version.
   */
  openAlerts: readonly AlertRecord[];
  /** How many of the seat's alerts guardians closed, for the alert list's counts. */
  decidedAlerts: { resolved: number; dismissed: number };
  /** The guardians' pause while the seat is `paused`; null otherwise. */
  pause: Pause | null;
  /** Since when the seat is in its current watch state, for its week (null: never marked yet). */
  watch: WatchMark | null;
  /** The seat's latest history import (its first is the warm-up); null before the first. */
  historyImport: HistoryImport | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const newSeat = (fields: {
  uid: string;
  seatId: string;
  accountUid: string;
  price: Money;
  now: Date;
}): Seat => ({
  uid: fields.uid,
  seatId: fields.seatId,
  accountUid: fields.accountUid,
  status: 'pending',
  price: fields.price,
  // Every seat created since onboarding v2 waits for the person's own consent.
  activationRequiresConsent: true,
  dependent: null,
  consent: null,
  relationshipCheck: null,
  resendLockedUntil: null,
  activation: null,
  dataKeyId: null,
  openAlerts: [],
  decidedAlerts: { resolved: 0, dismissed: 0 },
  channels: {},
  pairing: null,
  trial: null,
  pause: null,
  watch: null,
  historyImport: null,
  createdAt: fields.now.toISOString(),
  updatedAt: fields.now.toISOString(),
  version: 0,
});

/**
 * Archiving: only a seat that is not active; archiving twice changes nothing. The seat's data key is
 * destroyed with it, so nothing it ever sealed can be read again.
 */
export const archiveSeat = (seat: Seat, now: Date): Seat | null => {
  if (seat.status === 'archived') return null;
  if (seat.status === 'active' || seat.status === 'paused') throw fail('SEAT_ACTIVE');
  return { ...seat, status: 'archived', dataKeyId: null, updatedAt: now.toISOString() };
};

/**
 * Filling in the person: `null` when the data is identical (nothing changes, no event). Once the
 * person consented to the data it is locked; a change while their link is open revokes the link.
 */
export const fillDependent = (
  seat: Seat,
  dependent: Dependent,
  now: Date,
): { seat: Seat; revokedOpenLink: boolean } | null => {
  if (seat.status === 'archived') throw fail('SEAT_NOT_PENDING');
  const consent = seat.consent === null ? null : effectiveStatus(seat.consent, now);
  if (consent === 'given') throw fail('DEPENDENT_LOCKED');
  checkBirthDate(dependent, now);
  if (sameDependent(seat.dependent, dependent)) return null;
  const revokedOpenLink = consent === 'pending';
  return {
    seat: {
      ...seat,
      dependent,
      updatedAt: now.toISOString(),
      consent:
        revokedOpenLink && seat.consent !== null
          ? move(seat.consent, 'revoke', now, 'CONSENT_EXPIRED', 'dependent_data_changed')
          : seat.consent,
    },
    revokedOpenLink,
  };
};

/** Seats by age, oldest first: the ULID orders them by creation. */
export const byAge = (a: Seat, b: Seat): number => (a.seatId < b.seatId ? -1 : a.seatId > b.seatId ? 1 : 0);

/** `trial.state` stays `not_started` until the first `paired`; `trialEndsAt` is null only then. */
export const trialView = (seat: Seat, now: Date, label: string) => {
  if (seat.trial === null) return { state: 'not_started' as const, label, trialEndsAt: null };
  const state = now.getTime() < Date.parse(seat.trial.endsAt) ? ('active' as const) : ('ended' as const);
  return { state, label, trialEndsAt: seat.trial.endsAt };
};

/** The seat's first `paired` starts its trial; later ones change nothing. */
export const startTrial = (seat: Seat, now: Date, trialDays: number): Seat | null =>
  seat.trial !== null
    ? null
    : {
        ...seat,
        trial: {
          startedAt: now.toISOString(),
          endsAt: new Date(now.getTime() + trialDays * 86_400_000).toISOString(),
        },
      };
