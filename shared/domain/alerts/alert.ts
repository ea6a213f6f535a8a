import type { FindingCategory, FindingSeverity, FindingSource } from './finding';

/**
 * Findings of one category on one seat, grouped while the alert is open; a guardian resolves or
 * dismisses it. Metadata only: an alert never holds a message, a contact or an excerpt.
 */
export const alertStatuses = ['open', 'resolved', 'dismissed'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export interface Alert {
  uid: string;
  seatUid: string;
  category: FindingCategory;
  /** The highest of its findings. */
  severity: FindingSeverity;
  status: AlertStatus;
  findingsCount: number;
  firstFindingAt: string;
  lastFindingAt: string;
  createdAt: string;
  decidedAt: string | null;
  /** The member who resolved or dismissed it; null while open. */
  decidedBy: string | null;
  /** That of the finding that opened it. */
  source: FindingSource;
}

/** What an alert change writes to the account's stream, in the transaction of the change. */
export type AlertEvent =
  | {
      type: 'alert.opened';
      payload: { alertUid: string; category: FindingCategory; severity: FindingSeverity };
    }
  | { type: 'alert.updated'; payload: { alertUid: string; severity: FindingSeverity; findingsCount: number } }
  | { type: 'alert.resolved' | 'alert.dismissed'; payload: { alertUid: string } };

export const isOpenAlert = (alert: Pick<Alert, 'status'>): boolean => alert.status === 'open';

/** A seat with an open alert needs its guardians (`needs_you`, reason `alert_open`). */
export const needsYou = (seatAlerts: readonly Pick<Alert, 'status'>[]): boolean =>
  seatAlerts.some(isOpenAlert);
