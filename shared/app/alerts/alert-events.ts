import type { AlertEvent } from '../../domain/alerts/alert';
import type { EventSource } from '../../domain/events/event';
import type { Seat } from '../../domain/family/seat';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { seatRef } from '../seats/seats';

/**
 * An alert's event row: it names its seat (the app knows whose alert it is without a lookup) and is
 * for guardians only, so no person's stream ever carries it, whatever its type.
 */
export const alertEventRow = (
  deps: Pick<Deps, 'ids' | 'clock'>,
  source: EventSource,
  seat: Seat,
  { type, payload }: AlertEvent,
) =>
  sourcedEvent(deps, source, {
    type,
    accountId: seat.accountUid,
    seat: seatRef(seat),
    payload,
    audience: 'guardians',
  });
