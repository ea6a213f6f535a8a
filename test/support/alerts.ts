import type { AlertRecord, CarryingMessage } from '../../shared/domain/alerts/alert';
import type { FindingCategory } from '../../shared/domain/alerts/finding';
import { alertUidFor } from '../../shared/domain/family/uids';
import type { Seat } from '../../shared/domain/family/seat';
import type { Ids } from '../../shared/ports/ids';

/**
 * An alert of a seat as the worker would have opened it, for tests that seed alerts through the
 * stores (`families.saveSeat(seat with openAlerts, [], { alerts })`).
 */
export const alertOf = (
  ids: Pick<Ids, 'ulid'>,
  seat: Pick<Seat, 'accountUid' | 'uid'>,
  now: Date,
  fields: Partial<AlertRecord> & { category?: FindingCategory; carryingMessages?: CarryingMessage[] } = {},
): AlertRecord => ({
  uid: alertUidFor(seat.accountUid, ids.ulid()),
  seatUid: seat.uid,
  category: 'bullying',
  severity: 'medium',
  status: 'open',
  findingsCount: 1,
  firstFindingAt: now.toISOString(),
  lastFindingAt: now.toISOString(),
  createdAt: now.toISOString(),
  decidedAt: null,
  decidedBy: null,
  source: 'live',
  carryingMessages: [],
  ...fields,
});

/** The seat with these alerts: the open ones on its item, the decided ones counted. */
export const seatWithAlerts = (seat: Seat, alerts: readonly AlertRecord[]): Seat => ({
  ...seat,
  openAlerts: [...seat.openAlerts, ...alerts.filter((alert) => alert.status === 'open')],
  decidedAlerts: {
    resolved: seat.decidedAlerts.resolved + alerts.filter((alert) => alert.status === 'resolved').length,
    dismissed: seat.decidedAlerts.dismissed + alerts.filter((alert) => alert.status === 'dismissed').length,
  },
});
