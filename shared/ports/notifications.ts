import type { inboxPage, Notification } from '../domain/notifications/notification';
import type { ProviderMessage } from '../domain/pairing/provider-message';

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

/**
 * A paired session's messages go to ingest, each once (by the message's own id). The text is
 * content: an adapter never logs it nor puts it in an event.
 */
export interface HistoryIngest {
  accept(accepted: {
    seatUid: string;
    sessionName: string;
    /** Which provider event brought it (`message` or `message.any`). */
    event: string;
    message: ProviderMessage;
  }): Promise<void>;
}
