/**
 * The event row, the source of truth: written in the transaction of the change it reports, ordered by its
 * ULID inside the account. Payloads hold ids, states and instants only, never content.
 */
export const eventSources = ['api', 'gateway', 'workers', 'crons'] as const;
export type EventSource = (typeof eventSources)[number];

type PayloadValue = string | number | boolean | null | { readonly [key: string]: PayloadValue };
/** Ids, states and instants; a nested object for a structured value such as a challenge. */
export type EventPayload = Readonly<Record<string, PayloadValue>>;

/**
 * Which live stream may carry an event, when only one may: `guardians` (the account's stream only)
 * or `person` (the seat's person's stream only). Absent, every stream its type allows carries it.
 * Kept on the event item for routing, never sent to a client.
 */
export const eventAudiences = ['guardians', 'person'] as const;
export type EventAudience = (typeof eventAudiences)[number];

export interface DomainEvent {
  id: string;
  type: string;
  accountId: string;
  seatId: string | null;
  /** Carried beside the internal id so the client shape needs no lookup. */
  seatUid: string | null;
  source: EventSource;
  payload: EventPayload;
  occurredAt: string;
  audience?: EventAudience;
}

/** What the app receives: the public `seatUid`, never the internal seat id. */
export interface ClientEvent {
  id: string;
  seatUid: string | null;
  type: string;
  payload: EventPayload;
  occurredAt: string;
}

export const toClientEvent = (event: DomainEvent): ClientEvent => ({
  id: event.id,
  seatUid: event.seatUid,
  type: event.type,
  payload: event.payload,
  occurredAt: event.occurredAt,
});

export interface EventContext {
  source: EventSource;
  ulid(): string;
  now: Date;
}

export const newEvent = (
  context: EventContext,
  fields: {
    type: string;
    accountId: string;
    seat?: { seatId: string; uid: string };
    payload?: EventPayload;
    audience?: EventAudience;
  },
): DomainEvent => ({
  id: context.ulid(),
  type: fields.type,
  accountId: fields.accountId,
  seatId: fields.seat?.seatId ?? null,
  seatUid: fields.seat?.uid ?? null,
  source: context.source,
  payload: fields.payload ?? {},
  occurredAt: context.now.toISOString(),
  ...(fields.audience === undefined ? {} : { audience: fields.audience }),
});
