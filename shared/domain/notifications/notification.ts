/**
 * Guardians' notifications: a catalog of types with a severity; an inbox
 * read as the 50 most recent (ULID order) with the unread count, paged by the last ULID seen.
 * A notification names its type and seat, never content.
 */
export const notificationCatalog = {
  'pairing.disconnected': { severity: 'critical', category: 'connection' },
  'pairing.identity_mismatch': { severity: 'critical', category: 'connection' },
  'pairing.reconnect_required': { severity: 'warning', category: 'connection' },
  // A slot for a later history import: accepted while the person's phone is on line.
  'history.offered': { severity: 'warning', category: 'connection' },
  // Critical when the alert opened high (`newNotification`'s `severity`).
  'alert.opened': { severity: 'warning', category: 'alerts' },
  'alert.escalated': { severity: 'critical', category: 'alerts' },
  'consent.given': { severity: 'warning', category: 'consent' },
  'consent.declined': { severity: 'warning', category: 'consent' },
  // The person stopped their own protection: nothing watches the seat any more.
  'consent.stopped': { severity: 'critical', category: 'consent' },
  // The link did not reach the person's phone: the guardian shares it another way.
  'consent.undelivered': { severity: 'warning', category: 'consent' },
  'trial.started': { severity: 'warning', category: 'account' },
  'trial.ending': { severity: 'warning', category: 'account' },
} as const satisfies Record<string, { severity: 'critical' | 'warning'; category: NotificationCategory }>;

/** What a guardian chooses channels for: every type belongs to one category. */
export const notificationCategories = ['alerts', 'connection', 'consent', 'account'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

export type NotificationType = keyof typeof notificationCatalog;
export type Severity = (typeof notificationCatalog)[NotificationType]['severity'];

export interface Notification {
  /** A ULID: time-ordered. */
  id: string;
  type: NotificationType;
  category: NotificationCategory;
  severity: Severity;
  seatUid: string | null;
  createdAt: string;
  readAt: string | null;
}

export const INBOX_PAGE = 50;

/** The type's catalog severity, unless the change says more (an alert opened high is critical). */
export const newNotification = (fields: {
  id: string;
  type: NotificationType;
  seatUid: string | null;
  now: Date;
  severity?: Severity;
}): Notification => ({
  id: fields.id,
  type: fields.type,
  category: notificationCatalog[fields.type].category,
  severity: fields.severity ?? notificationCatalog[fields.type].severity,
  seatUid: fields.seatUid,
  createdAt: fields.now.toISOString(),
  readAt: null,
});

/** Critical types always reach the inbox and push, whatever the preferences say. */
export const isCritical = (type: NotificationType): boolean =>
  notificationCatalog[type].severity === 'critical';

export const criticalTypes: readonly NotificationType[] = (
  Object.keys(notificationCatalog) as NotificationType[]
).filter(isCritical);

/**
 * One page of the inbox from the notifications after the cursor, newest first: a store reads one
 * more than a page, so a next page exists exactly when that one is there.
 */
export const inboxPage = (newestFirstAfterCursor: readonly Notification[], unread: number) => {
  const notifications = newestFirstAfterCursor.slice(0, INBOX_PAGE);
  const last = notifications.at(-1);
  return {
    notifications,
    nextCursor: newestFirstAfterCursor.length > INBOX_PAGE && last !== undefined ? last.id : null,
    unread,
  };
};
