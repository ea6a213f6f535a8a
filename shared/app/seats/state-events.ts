import { deriveProtection, protectionChanged } from '../../domain/consent/protection';
import type { DomainEvent, EventSource } from '../../domain/events/event';
import type { Seat } from '../../domain/family/seat';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';

/**
 * `seat.state_changed` when a change moves the derived protection state: computed before and after,
 * written in the change's own transaction.
 */
export const stateChangeEvents = (
  deps: Pick<Deps, 'ids' | 'clock'>,
  before: Seat,
  after: Seat,
  source: EventSource = 'api',
): DomainEvent[] => {
  const now = deps.clock.now();
  const was = deriveProtection(before, now);
  const is = deriveProtection(after, now);
  if (!protectionChanged(was, is)) return [];
  return [
    sourcedEvent(deps, source, {
      type: 'seat.state_changed',
      accountId: after.accountUid,
      seat: { seatId: after.seatId, uid: after.uid },
      payload: { state: is.state, reason: is.reason, action: is.action, since: is.since },
    }),
  ];
};
