import { alertView, type Alert, type AlertRecord, type AlertStatus } from '../../domain/alerts/alert';
import { decideAlert, type AlertDecision } from '../../domain/alerts/alert.transitions';
import { fail } from '../../domain/errors';
import { seatOf, type Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { accountUidOfAlert, accountUidOfSeat } from '../../domain/family/uids';
import { cursorAfter, nextCursor, type PageScope } from '../../domain/pagination/cursor';
import type { Caller, Deps } from '../deps';
import { alertEventRow } from './alert-events';
import { familyOf, type FamilyView } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { stateChangeEvents } from '../seats/state-events';

/** A guardian's alerts: the list, and the two decisions on an open one. */

export interface AlertListQuery {
  status?: AlertStatus | undefined;
  seatUid?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export interface AlertCounts {
  open: number;
  resolved: number;
  dismissed: number;
}

/**
 * How many alerts each status holds, from the seats the family read already holds: a seat keeps its
 * open alerts and counts its decided ones.
 */
const countsOf = (family: Family, seatUid: string | null): AlertCounts =>
  family.seats
    .filter((seat) => seatUid === null || seat.uid === seatUid)
    .reduce(
      (counts, seat) => ({
        open: counts.open + seat.openAlerts.length,
        resolved: counts.resolved + seat.decidedAlerts.resolved,
        dismissed: counts.dismissed + seat.decidedAlerts.dismissed,
      }),
      { open: 0, resolved: 0, dismissed: 0 },
    );

/**
 * `GET /accounts/{uid}/alerts`: a page of the account's alerts, newest first, the next page's cursor
 * and the counts per status under the same filters but the status. A seat of another account is
 * unknown here, as it is everywhere.
 */
export const listAlerts = async (
  deps: Pick<Deps, 'families' | 'alerts'>,
  caller: Caller,
  accountUid: string,
  query: AlertListQuery,
): Promise<{ data: Alert[]; nextCursor: string | null; counts: AlertCounts }> => {
  const { family } = await familyOf(deps, caller, accountUid);
  const seatUid = query.seatUid ?? null;
  const status = query.status ?? null;
  if (seatUid !== null && accountUidOfSeat(seatUid) !== accountUid) throw fail('NOT_FOUND');
  const scope: PageScope = {
    list: 'alerts',
    limit: query.limit,
    order: 'newest_first',
    filters: { account: accountUid, status, seatUid },
  };
  const after = cursorAfter(scope, query.cursor);
  const page = await deps.alerts.page({ accountUid, status, seatUid, limit: query.limit, after });
  return {
    data: page.map(alertView),
    nextCursor: nextCursor(scope, page, (alert) => alert.uid),
    counts: countsOf(family, seatUid),
  };
};

/**
 * The caller's family and the alert as kept, with its seat; an alert uid that is not one, another
 * family's alert, or an unknown one answers 404 alike.
 */
export const alertFor = async (
  deps: Pick<Deps, 'families' | 'alerts'>,
  caller: Caller,
  alertUid: string,
): Promise<FamilyView & { alert: AlertRecord; seat: Seat | undefined }> => {
  const accountUid = accountUidOfAlert(alertUid);
  if (accountUid === null) throw fail('NOT_FOUND');
  const view = await familyOf(deps, caller, accountUid);
  const kept = await deps.alerts.get(accountUid, alertUid);
  if (kept === null) throw fail('NOT_FOUND');
  const seat = seatOf(view.family, kept.seatUid);
  // While it is open, the alert's copy on its seat is the one every change is decided on.
  const alert = seat?.openAlerts.find((open) => open.uid === alertUid) ?? kept;
  return { ...view, alert, seat };
};

/**
 * A member's decision on an open alert: the seat loses it from its open alerts and counts it
 * decided, the alert item takes its final state, and its event (and `seat.state_changed` when the
 * seat no longer needs its guardians) go with them in one transaction.
 */
const decide =
  (decision: AlertDecision) =>
  (deps: Pick<Deps, 'families' | 'alerts' | 'clock' | 'ids'>, caller: Caller, alertUid: string) =>
    retryOnConflict(async (): Promise<Alert> => {
      const { member, alert, seat } = await alertFor(deps, caller, alertUid);
      const decided = decideAlert(alert, decision, { memberUid: member.userUid, now: deps.clock.now() });
      const record: AlertRecord = { ...decided.alert, carryingMessages: alert.carryingMessages };
      // An open alert always lives on its seat; one without it was decided already (checked above).
      if (seat === undefined) throw fail('NOT_FOUND');
      const after: Seat = {
        ...seat,
        openAlerts: seat.openAlerts.filter((open) => open.uid !== alertUid),
        decidedAlerts: {
          resolved: seat.decidedAlerts.resolved + (record.status === 'resolved' ? 1 : 0),
          dismissed: seat.decidedAlerts.dismissed + (record.status === 'dismissed' ? 1 : 0),
        },
      };
      await deps.families.saveSeat(
        after,
        [
          // The account's stream only: no seat on the event, so the person's stream never shows it.
          alertEventRow(deps, 'api', seat, decided.event),
          ...stateChangeEvents(deps, seat, after),
        ],
        { alerts: [{ alert: record, before: alert }] },
      );
      return alertView(record);
    });

/** `POST /alerts/{uid}/resolve`. */
export const resolveAlert = decide('resolve');
/** `POST /alerts/{uid}/dismiss`. */
export const dismissAlert = decide('dismiss');
