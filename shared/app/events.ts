import { newEvent, type EventPayload } from '../domain/events/event';
import type { Deps } from './deps';

/** An event written by an API use case, in the transaction of its change. */
export const apiEvent = (
  deps: Pick<Deps, 'ids' | 'clock'>,
  fields: { type: string; accountId: string; seat?: { seatId: string; uid: string }; payload?: EventPayload },
) => newEvent({ source: 'api', ulid: () => deps.ids.ulid(), now: deps.clock.now() }, fields);
