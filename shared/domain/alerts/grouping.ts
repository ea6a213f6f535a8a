import type { Severity } from '../notifications/notification';
import { withCarryingMessage, type AlertEvent, type AlertRecord } from './alert';
import { findingKey, highestSeverity, type Finding } from './finding';

/**
 * Findings grouped into a seat's alerts: a finding joins the seat's open alert of its category, or
 * opens a new one. Worked out before anything is written, so the store writes the alerts, the new
 * findings and the events in one transaction and sends the notifications after it.
 */

export interface AlertChange {
  alert: AlertRecord;
  /** The alert as it was read, for the write's condition; null when this batch opened it. */
  before: AlertRecord | null;
}

/** A finding counted now, on the alert it joined or opened. */
export interface CountedFinding extends Finding {
  key: string;
  alertUid: string;
}

export interface AlertNotice {
  type: 'alert.opened' | 'alert.escalated';
  severity: Severity;
  alertUid: string;
  seatUid: string;
}

export interface Grouping {
  /** One per alert touched, in its final state (a transaction writes an item once). */
  changes: AlertChange[];
  findings: CountedFinding[];
  events: AlertEvent[];
  notifications: AlertNotice[];
}

export interface GroupingInput {
  seatUid: string;
  openAlerts: readonly AlertRecord[];
  findings: readonly Finding[];
  /** Keys (`findingKey`) of the findings already recorded for the seat, whatever their alert's status. */
  counted: ReadonlySet<string>;
  now: Date;
  newAlertUid: () => string;
}

export const groupFindings = (input: GroupingInput): Grouping => {
  const at = input.now.toISOString();
  const touched = new Map<string, AlertChange>();
  const openByCategory = new Map(input.openAlerts.map((alert) => [alert.category, alert]));
  const seen = new Set(input.counted);
  const findings: CountedFinding[] = [];
  const events: AlertEvent[] = [];
  const notifications: AlertNotice[] = [];

  for (const finding of input.findings) {
    const key = findingKey(finding);
    if (seen.has(key)) continue;
    seen.add(key);

    const open = openByCategory.get(finding.category);
    const carrying = { messageId: finding.messageId, sentAt: finding.sentAt };
    let alert: AlertRecord;
    if (open === undefined) {
      alert = {
        uid: input.newAlertUid(),
        seatUid: input.seatUid,
        category: finding.category,
        severity: finding.severity,
        status: 'open',
        findingsCount: 1,
        firstFindingAt: at,
        lastFindingAt: at,
        createdAt: at,
        decidedAt: null,
        decidedBy: null,
        source: finding.source,
        carryingMessages: [carrying],
      };
      touched.set(alert.uid, { alert, before: null });
      events.push({
        type: 'alert.opened',
        payload: { alertUid: alert.uid, category: alert.category, severity: alert.severity },
      });
      notifications.push(notice('alert.opened', alert, alert.severity === 'high' ? 'critical' : 'warning'));
    } else {
      alert = {
        ...open,
        severity: highestSeverity(open.severity, finding.severity),
        findingsCount: open.findingsCount + 1,
        lastFindingAt: at,
        carryingMessages: withCarryingMessage(open.carryingMessages, carrying),
      };
      const earlier = touched.get(alert.uid);
      touched.set(alert.uid, { alert, before: earlier === undefined ? open : earlier.before });
      events.push({
        type: 'alert.updated',
        payload: { alertUid: alert.uid, severity: alert.severity, findingsCount: alert.findingsCount },
      });
      if (alert.severity === 'high' && open.severity !== 'high') {
        notifications.push(notice('alert.escalated', alert, 'critical'));
      }
    }
    openByCategory.set(alert.category, alert);
    findings.push({ ...finding, key, alertUid: alert.uid });
  }

  return { changes: [...touched.values()], findings, events, notifications };
};

const notice = (type: AlertNotice['type'], alert: AlertRecord, severity: Severity): AlertNotice => ({
  type,
  severity,
  alertUid: alert.uid,
  seatUid: alert.seatUid,
});
