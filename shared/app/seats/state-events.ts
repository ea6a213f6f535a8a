import {
  deriveProtection,
  personProtection,
  protectionChanged,
  type Protection,
} from '../../domain/consent/protection';
import type { DomainEvent, EventAudience, EventSource } from '../../domain/events/event';
import type { Seat } from '../../domain/family/seat';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';

/** The derivation after a change when it moved, else null. */
const moved = (derive: (seat: Seat, now: Date) => Protection, before: Seat, after: Seat, now: Date) => {
  const is = derive(after, now);
  return protectionChanged(derive(before, now), is) ? is : null;
};

const sameState = (a: Protection, b: Protection): boolean => !protectionChanged(a, b) && a.since === b.since;

/**
 * `seat.state_changed` when a change moves the derived protection state: computed before and after,
 * written in the change's own transaction. Guardians and the person see the state differently (the
 * person never sees the seat's alerts), so each side is told of its own move: one event when both
 * moved to the same state, else one for each side that moved, kept off the other side's stream. An
 * alert opening or closing thus never reaches the person.
 */
export const stateChangeEvents = (
  deps: Pick<Deps, 'ids' | 'clock'>,
  before: Seat,
  after: Seat,
  source: EventSource = 'api',
): DomainEvent[] => {
  const now = deps.clock.now();
  const guardians = moved(deriveProtection, before, after, now);
  const person = moved(personProtection, before, after, now);
  const event = (is: Protection, audience?: EventAudience) =>
    sourcedEvent(deps, source, {
      type: 'seat.state_changed',
      accountId: after.accountUid,
      seat: { seatId: after.seatId, uid: after.uid },
      payload: { state: is.state, reason: is.reason, action: is.action, since: is.since },
      ...(audience === undefined ? {} : { audience }),
    });
  if (guardians !== null && person !== null && sameState(guardians, person)) return [event(guardians)];
  return [
    ...(guardians === null ? [] : [event(guardians, 'guardians')]),
    ...(person === null ? [] : [event(person, 'person')]),
  ];
};
