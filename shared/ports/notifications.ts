import type { inboxPage, Notification } from '../domain/notifications/notification';

/** A guardian a notification goes to. */
export interface Recipient {
  userUid: string;
  email: string;
}

/** E-mail and push: they carry the type and the seat, never content. */
export interface NotificationDelivery {
  deliver(notification: Notification, recipients: readonly Recipient[]): Promise<void>;
}

/** A guardian's inbox. Entries are written with the change that caused them (see `SeatChangeExtras`). */
export interface Inbox {
  page(userUid: string, cursor: string | null): Promise<ReturnType<typeof inboxPage>>;
  /** False when the user has no such notification. Marking twice is harmless. */
  markRead(userUid: string, notificationId: string, now: Date): Promise<boolean>;
  markAllRead(userUid: string, now: Date): Promise<void>;
}
