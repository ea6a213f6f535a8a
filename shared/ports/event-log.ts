import type { DomainEvent } from '../domain/events/event';

/**
 * A live-stream ticket (`POST /accounts/{uid}/events/ticket`): single use, bound to an account and
 * a user.
 */
export interface StreamTicket {
  accountUid: string;
  userUid: string;
  expiresAt: string;
}

export interface TicketStore {
  /** Keeps the ticket under the keyed hash of its value, until it expires. */
  issue(ticketHash: string, ticket: StreamTicket): Promise<void>;
  /** Takes the ticket away (single use) and returns it, or null when there is none. */
  consume(ticketHash: string): Promise<StreamTicket | null>;
}

/** The events of an account in id order: the table is the truth every stream reads. */
export interface EventLog {
  /** Events after `afterId` (all when null), oldest first, at most `limit`; consistent reads. */
  after(accountId: string, afterId: string | null, limit: number): Promise<DomainEvent[]>;
  /** The newest event id of the account, or null: where a stream without `Last-Event-ID` starts. */
  latestId(accountId: string): Promise<string | null>;
}
