import type { DomainEvent } from './event';

/**
 * Live streams (docs/architecture.md "Live events"): an account's stream carries all of its events; the
 * person's stream of a seat carries only that seat's `pairing.*`, `consent.*`, `seat.state_changed`,
 * `analysis.warmup` and `history.offered` events, never a guardian's notifications, alerts or data. An event meant for
 * one of them only (its `audience`: the protection state each side sees) stays off the other.
 */
export type StreamTopic =
  { kind: 'account'; accountId: string } | { kind: 'seat'; accountId: string; seatId: string };

export const topicKey = (topic: StreamTopic): string =>
  topic.kind === 'account' ? `account:${topic.accountId}` : `seat:${topic.accountId}:${topic.seatId}`;

/**
 * The topics one event wakes: its account's, and its seat's when it belongs to a person; an event
 * for one audience only wakes that audience's topic.
 */
export const topicsOf = (event: Pick<DomainEvent, 'accountId' | 'seatId' | 'audience'>): StreamTopic[] => [
  ...(event.audience === 'person' ? [] : [{ kind: 'account' as const, accountId: event.accountId }]),
  ...(event.seatId === null || event.audience === 'guardians'
    ? []
    : [{ kind: 'seat' as const, accountId: event.accountId, seatId: event.seatId }]),
];

/** The warm-up's phases and a later history read's offer, which the person accepts on their page. */
const personTypes = /^(pairing\.|consent\.|seat\.state_changed$|analysis\.warmup$|history\.offered$)/;

/** Whether a subscriber of `topic` may receive `event`. */
export const belongsTo = (topic: StreamTopic, event: DomainEvent): boolean =>
  event.accountId === topic.accountId &&
  (topic.kind === 'account'
    ? event.audience !== 'person'
    : event.seatId === topic.seatId && event.audience !== 'guardians' && personTypes.test(event.type));

/** One open stream as the relay holds it: what it reads, whom it was opened for, and when. */
export interface StreamHolder {
  topic: StreamTopic;
  /** The guardian whose ticket opened it; null for the person's page (a link, no user). */
  userUid: string | null;
  /** When its user's membership was checked (ms). */
  openedAt: number;
}

/**
 * How much earlier than a stream's opening a removal may be stamped and still end it: an event's
 * time is taken before its transaction commits, on another host's clock.
 */
const removalMarginMs = 60_000;

/**
 * Whether `event` ends `stream`: its user left the family. Only a removal after the membership check
 * counts; an older one was followed by a new membership (the check passed), so replaying it ends nothing.
 */
export const endsStream = (stream: StreamHolder, event: DomainEvent): boolean =>
  stream.userUid !== null &&
  event.type === 'member.removed' &&
  event.accountId === stream.topic.accountId &&
  event.payload['memberUid'] === stream.userUid &&
  Date.parse(event.occurredAt) >= stream.openedAt - removalMarginMs;
