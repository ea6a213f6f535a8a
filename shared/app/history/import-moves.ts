import type { DomainEvent, EventSource } from '../../domain/events/event';
import type { Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { queueChangeOf, type HistoryQueueChange, type ImportMove } from '../../domain/history/history-import';
import { isEmptyDelta, syncDelta, type OverviewDelta } from '../../domain/operators/overview';
import { newNotification, type Notification } from '../../domain/notifications/notification';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { notifyFamily } from '../notifications/notify';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';

export type MoveDeps = Pick<Deps, 'families' | 'ids' | 'clock' | 'notifier' | 'notificationSettings'>;

/** The warm-up's phases, told to guardians and the person alike: only for the seat's first import. */
const warmupPhase = (move: ImportMove): DomainEvent['payload'] | null => {
  if (!move.after.first) return null;
  switch (move.row.on) {
    case 'join':
      return { phase: 'queued' };
    case 'start':
    case 'accept':
      return { phase: 'started' };
    case 'finish':
      return { phase: 'finished', messages: move.after.progress.messages, findings: move.after.findings };
    default:
      return null;
  }
};

/**
 * The payload of a move's `history.*` event: counts and instants only, never content. Only
 * `history.offered` also goes to the person's stream, so their page can offer the accept.
 */
const historyPayload = (move: ImportMove): DomainEvent['payload'] => {
  switch (move.row.event) {
    case 'history.offered':
      return { offerExpiresAt: move.after.offerExpiresAt };
    case 'history.finished':
      return { messages: move.after.progress.messages, findings: move.after.findings };
    default:
      return {};
  }
};

/**
 * Every status change of a history import is worked out here and nowhere else: the seat with its
 * import, the import's place in the queue and its slot (`queueChangeOf`), its `history.*` event (for
 * guardians; `history.offered` for the person too), the warm-up's `analysis.warmup` (for the person too) and the guardians'
 * `history.offered` notice. Whoever writes it (`writeImportMove`, or a pairing change that starts the
 * warm-up) writes all of it in one transaction, with `seat.state_changed` when the derivation moved.
 */
export const planImportMove = (
  deps: Pick<Deps, 'ids' | 'clock'>,
  seat: Seat,
  move: ImportMove,
  source: EventSource,
): {
  seat: Seat;
  events: DomainEvent[];
  history: HistoryQueueChange;
  overview: OverviewDelta;
  notifications: Notification[];
} => {
  const now = deps.clock.now();
  const after: Seat = { ...seat, historyImport: move.after, updatedAt: now.toISOString() };
  const event = (type: string, payload: DomainEvent['payload'], guardiansOnly: boolean) =>
    sourcedEvent(deps, source, {
      type,
      accountId: seat.accountUid,
      seat: seatRef(seat),
      payload,
      ...(guardiansOnly ? { audience: 'guardians' as const } : {}),
    });
  const phase = warmupPhase(move);
  return {
    seat: after,
    events: [
      ...(move.row.event === null
        ? []
        : [event(move.row.event, historyPayload(move), move.row.event !== 'history.offered')]),
      ...(phase === null ? [] : [event('analysis.warmup', phase, false)]),
    ],
    history: queueChangeOf(seat.uid, move),
    // The backoffice's `syncs*` counts, in the same transaction as the move.
    overview: syncDelta(seat.historyImport?.status ?? null, move.after.status),
    notifications:
      move.row.on === 'offer'
        ? [newNotification({ id: deps.ids.ulid(), type: 'history.offered', seatUid: seat.uid, now })]
        : [],
  };
};

/** Writes one import move (`planImportMove`) and tells the guardians what it notifies. */
export const writeImportMove = async (
  deps: MoveDeps,
  family: Family,
  seat: Seat,
  move: ImportMove,
  source: EventSource,
): Promise<Seat> => {
  const plan = planImportMove(deps, seat, move, source);
  const events = [...plan.events, ...stateChangeEvents(deps, seat, plan.seat, source)];
  return notifyFamily(deps, family, plan.notifications, (inbox) =>
    deps.families.saveSeat(plan.seat, events, {
      history: plan.history,
      ...(isEmptyDelta(plan.overview) ? {} : { overview: plan.overview }),
      notifications: inbox,
    }),
  );
};
