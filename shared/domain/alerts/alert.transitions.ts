import { fail } from '../errors';
import type { Alert, AlertEvent, AlertStatus } from './alert';

/**
 * A guardian's decisions on an alert, as data: only an open alert is decided, and both outcomes are
 * final. A later finding of that category opens a new alert.
 */
export type AlertDecision = 'resolve' | 'dismiss';

export interface AlertDecisionRow {
  from: AlertStatus;
  on: AlertDecision;
  to: AlertStatus;
  event: 'alert.resolved' | 'alert.dismissed';
}

export const alertDecisionTable: readonly AlertDecisionRow[] = [
  { from: 'open', on: 'resolve', to: 'resolved', event: 'alert.resolved' },
  { from: 'open', on: 'dismiss', to: 'dismissed', event: 'alert.dismissed' },
];

export interface DecidedAlert {
  alert: Alert;
  event: AlertEvent;
}

/** The alert as the member's decision leaves it, and its event; `ALERT_NOT_OPEN` when the table has no row. */
export const decideAlert = (
  alert: Alert,
  decision: AlertDecision,
  by: { memberUid: string; now: Date },
): DecidedAlert => {
  const row = alertDecisionTable.find(
    (candidate) => candidate.on === decision && candidate.from === alert.status,
  );
  if (row === undefined) throw fail('ALERT_NOT_OPEN', { status: alert.status });
  return {
    alert: { ...alert, status: row.to, decidedAt: by.now.toISOString(), decidedBy: by.memberUid },
    event: { type: row.event, payload: { alertUid: alert.uid } },
  };
};
