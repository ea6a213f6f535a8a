import { findingKey } from '../../../shared/domain/alerts/finding';
import type { MessageStore, StoredMessage } from '../../../shared/ports/messages';
import type { FakeTable } from './table';

const keyOf = (seatId: string, messageId: string) => `${seatId}#${messageId}`;

/** A seat's sealed messages in the table, in the order they were sent. */
export const fakeMessageStore = (table: FakeTable): MessageStore => {
  const ofSeat = (seatId: string): StoredMessage[] =>
    [...table.messages.values()]
      .map((kept) => kept.message)
      .filter((message) => message.seatId === seatId)
      .toSorted((a, b) => a.sentAt.localeCompare(b.sentAt));
  return {
    putIfAbsent: async (message, expiresAtSeconds) => {
      const key = keyOf(message.seatId, message.messageId);
      if (table.messages.has(key)) return false;
      table.messages.set(key, structuredClone({ message, expiresAtSeconds }));
      return true;
    },
    has: async (seatId, messageId) => table.messages.has(keyOf(seatId, messageId)),
    keptAmong: async (seatId, messageIds) =>
      new Set(messageIds.filter((messageId) => table.messages.has(keyOf(seatId, messageId)))),
    putAll: async (messages) => {
      for (const kept of messages)
        table.messages.set(keyOf(kept.message.seatId, kept.message.messageId), structuredClone(kept));
    },
    recordedFindings: async (seatId, findings) =>
      new Set(findings.map(findingKey).filter((key) => table.findings.has(`${seatId}#${key}`))),
    lastOfChat: async (seatId, chat, count) =>
      structuredClone(
        ofSeat(seatId)
          .filter((message) => message.chat === chat)
          .slice(-count),
      ),
    byIds: async (seatId, messageIds) =>
      structuredClone(ofSeat(seatId).filter((message) => messageIds.includes(message.messageId))),
    deleteAllOfSeat: async (seatId) => {
      const doomed = [...table.messages.keys()].filter((key) => key.startsWith(`${seatId}#`));
      for (const key of doomed) table.messages.delete(key);
      return doomed.length;
    },
  };
};
