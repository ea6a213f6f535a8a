import type { DomainEvent, EventSource } from '../../domain/events/event';
import type { Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { queueChangeOf, type ImportMove } from '../../domain/history/history-import';
import { newNotification } from '../../domain/notifications/notification';
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

/** The payload of a move's `history.*` event: counts and instants only, never content. */
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
 * Every status change of a history import is written here and nowhere else: the seat with its
 * import, the import's place in the queue and its slot (`queueChangeOf`), its `history.*` event (for
 * guardians), the warm-up's `analysis.warmup` (for the person too), `seat.state_changed` when the
 * derivation moved, and the guardians' `history.offered` notice, all in one transaction.
 */
export const writeImportMove = async (
  deps: MoveDeps,
  family: Family,
  seat: Seat,
  move: ImportMove,
  source: EventSource,
): Promise<Seat> => {
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
  const events: DomainEvent[] = [
    ...(move.row.event === null ? [] : [event(move.row.event, historyPayload(move), true)]),
    ...(phase === null ? [] : [event('analysis.warmup', phase, false)]),
    ...stateChangeEvents(deps, seat, after, source),
  ];
  const notifications =
    move.row.on === 'offer'
      ? [newNotification({ id: deps.ids.ulid(), type: 'history.offered', seatUid: seat.uid, now })]
      : [];
  return notifyFamily(deps, family, notifications, (inbox) =>
    deps.families.saveSeat(after, events, { history: queueChangeOf(seat.uid, move), notifications: inbox }),
  );
};
