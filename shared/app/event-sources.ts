import { newEvent, type EventAudience, type EventPayload, type EventSource } from '../domain/events/event';
import type { Deps } from './deps';

type EventFields = {
  type: string;
  accountId: string;
  seat?: { seatId: string; uid: string };
  payload?: EventPayload;
  audience?: EventAudience;
};

/** An event in the transaction of its change, naming truthfully which process wrote it. */
export const sourcedEvent = (deps: Pick<Deps, 'ids' | 'clock'>, source: EventSource, fields: EventFields) =>
  newEvent({ source, ulid: () => deps.ids.ulid(), now: deps.clock.now() }, fields);

/** An event written by an API use case. */
export const apiEvent = (deps: Pick<Deps, 'ids' | 'clock'>, fields: EventFields) =>
  sourcedEvent(deps, 'api', fields);
