import { createHash } from 'node:crypto';
import type { RelationshipResult } from '../../../shared/domain/consent/relationship-check';
import type {
  ConsentMessenger,
  RelationshipRegistry,
  SeatKeys,
  SendOutcome,
  WrappedKeys,
} from '../../../shared/ports/consent';
import type { FakeTable } from './table';

/** The registry answers `result` (confirmed unless the test says otherwise) and keeps what it was asked. */
export const fakeRelationshipRegistry = (
  result: RelationshipResult = 'confirmed',
): RelationshipRegistry & {
  asked: Parameters<RelationshipRegistry['check']>[0][];
  answer: RelationshipResult;
} => {
  const registry = {
    asked: [] as Parameters<RelationshipRegistry['check']>[0][],
    answer: result,
    check: async (input: Parameters<RelationshipRegistry['check']>[0]) => {
      registry.asked.push(input);
      return registry.answer;
    },
  };
  return registry;
};

/**
 * The business provider: accepts every send (`wamid.<n>`) unless outcomes are queued in `next`,
 * which are answered first, one per send.
 */
export const fakeConsentMessenger = (): ConsentMessenger & {
  sent: Parameters<ConsentMessenger['sendConsentLink']>[0][];
  next: SendOutcome[];
} => {
  const messenger = {
    sent: [] as Parameters<ConsentMessenger['sendConsentLink']>[0][],
    next: [] as SendOutcome[],
    sendConsentLink: async (message: Parameters<ConsentMessenger['sendConsentLink']>[0]) => {
      messenger.sent.push(message);
      return (
        messenger.next.shift() ?? {
          outcome: 'accepted' as const,
          messageId: `wamid.${messenger.sent.length}`,
          providerStatus: null,
        }
      );
    },
  };
  return messenger;
};

/**
 * Seat data keys: `create` wraps a fresh key named after its seat; `open` answers the same 32 bytes
 * for the same wrapped key, and refuses one wrapped for another seat (a key is bound to its seat).
 */
export const fakeSeatKeys = (): SeatKeys & { made: string[] } => {
  const made: string[] = [];
  return {
    made,
    create: async (seatId) => {
      made.push(seatId);
      return `wrapped:${seatId}:${made.length}`;
    },
    open: async (seatId, encryptedKey) => {
      if (!encryptedKey.startsWith(`wrapped:${seatId}:`)) throw new Error('the key is not this seat’s');
      return new Uint8Array(createHash('sha256').update(encryptedKey).digest());
    },
  };
};

/** The seat keys' table as the family store writes it. */
export const fakeWrappedKeys = (table: FakeTable): WrappedKeys => ({
  get: async (seatId, dataKeyId) => {
    const kept = table.wrappedKeys.get(seatId);
    return kept === undefined || kept.dataKeyId !== dataKeyId ? null : kept.wrappedKey;
  },
});
