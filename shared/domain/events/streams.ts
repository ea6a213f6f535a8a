import type { DomainEvent } from './event';

/**
 * Live streams (docs/architecture.md "Live events"): an account's stream carries all of its events; the
 * person's stream of a seat carries only that seat's `pairing.*`, `consent.*` and
 * `seat.state_changed` events, never a guardian's notifications, alerts or data.
 */
export type StreamTopic =
  { kind: 'account'; accountId: string } | { kind: 'seat'; accountId: string; seatId: string };

export const topicKey = (topic: StreamTopic): string =>
  topic.kind === 'account' ? `account:${topic.accountId}` : `seat:${topic.accountId}:${topic.seatId}`;

/** The topics one event wakes: its account's, and its seat's when it belongs to a person. */
export const topicsOf = (event: Pick<DomainEvent, 'accountId' | 'seatId'>): StreamTopic[] => [
  { kind: 'account', accountId: event.accountId },
  ...(event.seatId === null
    ? []
    : [{ kind: 'seat' as const, accountId: event.accountId, seatId: event.seatId }]),
];

const personTypes = /^(pairing\.|consent\.|seat\.state_changed$)/;

/** Whether a subscriber of `topic` may receive `event`. */
export const belongsTo = (topic: StreamTopic, event: DomainEvent): boolean =>
  event.accountId === topic.accountId &&
  (topic.kind === 'account' || (event.seatId === topic.seatId && personTypes.test(event.type)));
