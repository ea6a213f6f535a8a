import type { Finding } from '../domain/analysis/finding';
import type { SealedText } from './content-seal';

/**
 * A message of a protected seat as it is kept: sealed text, and what finds it. `messageId` and
 * `chat` are keyed hashes of the provider's ids (both hold phone numbers), never the ids themselves.
 */
export interface StoredMessage {
  seatId: string;
  messageId: string;
  chat: string;
  fromMe: boolean;
  /** ISO 8601, as the provider dated it. */
  sentAt: string;
  sealed: SealedText;
}

/** A seat's sealed messages, kept for the content retention and deleted with the seat's key. */
export interface MessageStore {
  /** Stores the message unless one with its id is already kept; false when it was. */
  putIfAbsent(message: StoredMessage, expiresAtSeconds: number): Promise<boolean>;
  /** Whether a message with this id is kept (a strongly consistent read). */
  has(seatId: string, messageId: string): Promise<boolean>;
  /** The ids among these of the messages already kept: batch reads (strongly consistent). */
  keptAmong(seatId: string, messageIds: readonly string[]): Promise<Set<string>>;
  /**
   * Stores messages with batch writes (unconditional: a message put again is the same item), for a
   * history import's messages without findings whose ids `keptAmong` did not find.
   */
  putAll(messages: readonly { message: StoredMessage; expiresAtSeconds: number }[]): Promise<void>;
  /**
   * The keys (`findingKey`) of the findings among these already recorded: one batch read, for the
   * earlier messages of a window (a repeated analysis counts a finding once).
   */
  recordedFindings(
    seatId: string,
    findings: readonly Pick<Finding, 'messageId' | 'category'>[],
  ): Promise<Set<string>>;
  /** The last `count` messages of one chat, oldest first. */
  lastOfChat(seatId: string, chat: string, count: number): Promise<StoredMessage[]>;
  /** The kept messages among these ids (those past retention or deleted are missing), oldest first. */
  byIds(seatId: string, messageIds: readonly string[]): Promise<StoredMessage[]>;
  /** Deletes every message of the seat; answers how many it deleted. */
  deleteAllOfSeat(seatId: string): Promise<number>;
}
