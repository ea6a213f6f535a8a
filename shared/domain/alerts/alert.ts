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

/** A message that carries one of an alert's findings: its id at rest (a keyed hash) and when it was sent. */
export interface CarryingMessage {
  messageId: string;
  sentAt: string;
}

/** How many carrying messages an alert keeps: the excerpt shows at most the 3 most recent. */
export const CARRYING_MESSAGES_KEPT = 3;

/**
 * An alert as the service keeps it: the alert, and the few messages the excerpt may open (never
 * shown to clients: `alertView` leaves them out).
 */
export interface AlertRecord extends Alert {
  carryingMessages: readonly CarryingMessage[];
}

/** The alert as clients see it. */
export const alertView = ({ carryingMessages: _, ...alert }: AlertRecord): Alert => alert;

/** The carrying messages with one more, the most recent `CARRYING_MESSAGES_KEPT` by sending time. */
export const withCarryingMessage = (
  kept: readonly CarryingMessage[],
  message: CarryingMessage,
): CarryingMessage[] =>
  [...kept.filter((known) => known.messageId !== message.messageId), message]
    .toSorted((a, b) => (a.sentAt === b.sentAt ? 0 : a.sentAt < b.sentAt ? -1 : 1))
    .slice(-CARRYING_MESSAGES_KEPT);

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
