import type { AlertRecord, AlertStatus } from '../domain/alerts/alert';

/** One page of an account's alerts, newest first, after the last alert of the previous page. */
export interface AlertPageQuery {
  accountUid: string;
  status: AlertStatus | null;
  seatUid: string | null;
  limit: number;
  /** The last alert uid of the previous page; null for the first page. */
  after: string | null;
}

/** A guardian's read of an alert's excerpt, as the audit trail and the person's counter keep it: never text. */
export interface ExcerptRead {
  /** The audit entry's id (a ULID). */
  entryId: string;
  accountUid: string;
  seatUid: string;
  alertUid: string;
  /** The member's user uid. */
  viewerUid: string;
  at: Date;
}

/**
 * An account's alerts as kept (metadata only: never a message, a contact or an excerpt). They are
 * written with their seat (`SeatChangeExtras.alerts`): an open alert lives on its seat's item too.
 */
export interface AlertStore {
  get(accountUid: string, alertUid: string): Promise<AlertRecord | null>;
  /** At most `limit` alerts, newest first: one Query whatever the filters. */
  page(query: AlertPageQuery): Promise<AlertRecord[]>;
  /**
   * Writes, in one transaction, the audit entry `alert.excerpt_viewed` and one more read on the
   * seat's counter of the day (what the person's protection view shows).
   */
  recordExcerptRead(read: ExcerptRead): Promise<void>;
}
