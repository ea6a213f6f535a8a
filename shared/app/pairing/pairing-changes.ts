import type { DomainEvent, EventSource } from '../../domain/events/event';
import type { Family } from '../../domain/family/account';
import { startTrial, type Seat } from '../../domain/family/seat';
import { weekChange } from '../../domain/family/week';
import { adoptTrial } from '../../domain/family/subscription';
import { trialEndingAt, type TrialEnding } from '../../domain/family/trial-ending';
import {
  newNotification,
  type Notification,
  type NotificationType,
} from '../../domain/notifications/notification';
import { eventChallenge, type PairingMoveResult } from '../../domain/pairing/pairing';
import type { PairingEffect } from '../../domain/pairing/pairing.transitions';
import type { ReconnectAttempt } from '../../domain/pairing/reconnect';
import { moveImport, newImport } from '../../domain/history/history-import';
import { importEndingWithPairing } from '../../domain/history/seat-imports';
import { planImportMove } from '../history/import-moves';
import type { SeatChangeExtras } from '../../ports/stores';
import { addDeltas, isEmptyDelta, pairingDelta } from '../../domain/operators/overview';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { notifyFamily, type NotifyDeps } from '../notifications/notify';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';

type ChangeDeps = Pick<Deps, 'ids' | 'clock' | 'settings'>;

/** Effects that are notifications to guardians, with their type. */
const notifying: Partial<Record<PairingEffect, NotificationType>> = {
  notify_identity_mismatch: 'pairing.identity_mismatch',
  notify_disconnected: 'pairing.disconnected',
  notify_reconnect_required: 'pairing.reconnect_required',
};

/** Effects that publish an event of their own, beyond `pairing.status`. */
const publishing: Partial<Record<PairingEffect, string>> = {
  publish_paired: 'pairing.paired',
  publish_identity_mismatch: 'pairing.identity_mismatch',
  notify_disconnected: 'pairing.disconnected',
  notify_reconnect_required: 'pairing.reconnect_required',
};

/** Everything one pairing change writes and asks of the outside, worked out before anything runs. */
export interface PairingPlan {
  seat: Seat;
  events: DomainEvent[];
  extras: SeatChangeExtras;
  /** The session must be logged out at the provider (a wrong number, a refusal, a revoke). */
  logout: boolean;
  /** The first reconnect attempt to schedule after a drop. */
  schedule: { attempt: ReconnectAttempt; at: Date } | null;
  /** The guardians' notice a day before the trial this change starts ends. */
  trialEnding: { notice: TrialEnding; at: Date } | null;
  /** Sent with the change (`savePairingPlan`), as each guardian's preferences allow. */
  notifications: Notification[];
  /**
   * The history queue may move: the seat's first import joined it, or the seat's import ended with
   * its pairing and gave its slot back.
   */
  historyMoved: boolean;
}

/**
 * Turns the moves of the pairing table into what they write: the seat with its pairing (and trial),
 * one `pairing.status` per move plus the events and notifications its effects name, the proxy slot
 * back when it ends, and `seat.state_changed` when the protection state moved. Every event of the
 * change is written in its transaction, with the source that wrote it.
 */
export const planPairingChange = (
  deps: ChangeDeps,
  source: EventSource,
  family: Family,
  before: Seat,
  moves: readonly PairingMoveResult[],
): PairingPlan => {
  const now = deps.clock.now();
  const last = moves.at(-1);
  let seat: Seat =
    last === undefined ? before : { ...before, pairing: last.pairing, updatedAt: now.toISOString() };
  const events: DomainEvent[] = [];
  const extras: SeatChangeExtras = {};
  let logout = false;
  let schedule: PairingPlan['schedule'] = null;
  let trialEnding: PairingPlan['trialEnding'] = null;
  const notifications: Notification[] = [];
  const notify = (type: NotificationType) =>
    notifications.push(newNotification({ id: deps.ids.ulid(), type, seatUid: seat.uid, now }));
  const event = (type: string, payload: DomainEvent['payload'] = {}) =>
    events.push(
      sourcedEvent(deps, source, { type, accountId: seat.accountUid, seat: seatRef(seat), payload }),
    );

  for (const move of moves) {
    event('pairing.status', { status: move.pairing.status, nextRetryAt: move.pairing.nextRetryAt });
    for (const effect of move.effects) {
      const published = publishing[effect];
      if (effect === 'publish_challenge')
        event('pairing.challenge', { challenge: eventChallenge(move.pairing.challenge) });
      else if (published !== undefined) event(published);
      const type = notifying[effect];
      if (type !== undefined) notify(type);
      if (effect === 'logout_session') logout = true;
      if (effect === 'release_proxy') extras.releaseProxy = move.pairing.proxyLabel;
      if (effect === 'schedule_retries' && move.pairing.nextRetryAt !== null) {
        schedule = {
          attempt: { seatUid: seat.uid, pairingId: move.pairing.pairingId, attempt: 1 },
          at: new Date(move.pairing.nextRetryAt),
        };
      }
      if (effect === 'start_trial_if_first') {
        const started = startTrial(seat, now, deps.settings.trialDays);
        if (started !== null) {
          seat = started;
          event('trial.started', { trialEndsAt: started.trial?.endsAt ?? null });
          notify('trial.started');
          if (started.trial !== null) {
            const notice = { seatUid: seat.uid, trialEndsAt: started.trial.endsAt };
            trialEnding = { notice, at: trialEndingAt(notice.trialEndsAt, now) };
          }
          const subscription = adoptTrial(family.subscription, started.trial?.endsAt ?? '');
          if (subscription !== null) extras.subscription = { value: subscription, mode: 'replace' };
        }
      }
    }
  }
  const counted = pairingDelta(before.pairing?.status ?? null, seat.pairing?.status ?? null);
  if (!isEmptyDelta(counted)) extras.overview = counted;
  // The seat's first `paired` puts its first history import (the warm-up) in the queue; a pairing
  // that ends ends its import.
  let historyMoved = false;
  const joining = seat.historyImport === null && seat.pairing?.status === 'paired' && seat.dataKeyId !== null;
  const importMove = joining
    ? moveImport(null, 'join', now, { joining: newImport({ importId: deps.ids.ulid(), first: true, now }) })
    : importEndingWithPairing(seat, now);
  if (importMove !== null) {
    const planned = planImportMove(deps, seat, importMove, source);
    seat = planned.seat;
    extras.history = planned.history;
    const withSyncs = addDeltas(extras.overview ?? {}, planned.overview);
    if (!isEmptyDelta(withSyncs)) extras.overview = withSyncs;
    events.push(...planned.events);
    historyMoved = importMove.row.queue === 'join' || importMove.row.slot === 'free';
  }
  const week = weekChange(before, seat, now);
  seat = week.seat;
  if (week.days.length > 0) extras.days = week.days;
  events.push(...stateChangeEvents(deps, before, seat, source));
  return { seat, events, extras, logout, schedule, trialEnding, notifications, historyMoved };
};

/**
 * Writes a plan (with what else the caller's change writes) and sends its notifications as the
 * guardians' preferences allow: inbox entries in the same transaction, e-mail and push after it.
 */
export const savePairingPlan = (
  deps: Pick<Deps, 'families'> & NotifyDeps,
  family: Family,
  plan: PairingPlan,
  also: SeatChangeExtras = {},
) =>
  notifyFamily(deps, family, plan.notifications, (inbox) =>
    deps.families.saveSeat(plan.seat, plan.events, { ...plan.extras, ...also, notifications: inbox }),
  );
