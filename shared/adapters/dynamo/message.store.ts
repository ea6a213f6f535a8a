import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  paginateQuery,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { MessageStore, StoredMessage } from '../../ports/messages';
import type { TableAccess } from './client';
import { sealedMessageItem } from './items';
import { itemTypes, keys, type Key } from './keys';

const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;
const UNPROCESSED_ATTEMPTS = 8;

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) =>
    list.slice(index * size, (index + 1) * size),
  );

/** DynamoDB may leave part of a batch for later (throttling): ask again for the rest, backing off. */
const untilProcessed = async <T>(first: T[], run: (pending: T[]) => Promise<T[]>): Promise<void> => {
  let pending = first;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === UNPROCESSED_ATTEMPTS) throw new Error('DynamoDB left part of a batch unprocessed');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    pending = await run(pending);
  }
};

const toStored = (item: unknown): StoredMessage => {
  const { type: _, iv, ciphertext, ttl: __, ...message } = sealedMessageItem.parse(item);
  return { ...message, sealed: { iv, ciphertext } };
};

const oldestFirst = (a: StoredMessage, b: StoredMessage) =>
  a.sentAt === b.sentAt ? a.messageId.localeCompare(b.messageId) : a.sentAt < b.sentAt ? -1 : 1;

/**
 * Sealed messages in the seat's own partition (`SEATMSG#<seatId>`, one item per message id) with a
 * chat's time order on GSI1. The table's TTL removes each one after the content retention.
 */
export const dynamoMessageStore = (table: TableAccess): MessageStore => ({
  async putIfAbsent(message, expiresAtSeconds) {
    const { sealed, ...fields } = message;
    try {
      await table.doc.send(
        new PutCommand({
          TableName: table.tableName,
          Item: {
            ...keys.sealedMessage(message.seatId, message.messageId),
            ...keys.sealedMessageByChat(message.seatId, message.chat, message.sentAt, message.messageId),
            type: itemTypes.sealedMessage,
            ...fields,
            iv: sealed.iv,
            ciphertext: sealed.ciphertext,
            ttl: expiresAtSeconds,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async lastOfChat(seatId, chat, count) {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :chat',
        ExpressionAttributeValues: { ':chat': keys.sealedMessagesOfChat(seatId, chat) },
        ScanIndexForward: false,
        Limit: count,
      }),
    );
    return Items.map(toStored).reverse();
  },

  async byIds(seatId, messageIds) {
    const found: StoredMessage[] = [];
    const unique = [...new Set(messageIds)].map((id) => keys.sealedMessage(seatId, id));
    for (const batch of chunks(unique, BATCH_GET_MAX)) {
      await untilProcessed(batch, async (pending) => {
        const { Responses, UnprocessedKeys } = await table.doc.send(
          new BatchGetCommand({
            RequestItems: { [table.tableName]: { Keys: pending, ConsistentRead: true } },
          }),
        );
        found.push(...(Responses?.[table.tableName] ?? []).map(toStored));
        return (UnprocessedKeys?.[table.tableName]?.Keys ?? []) as Key[];
      });
    }
    return found.sort(oldestFirst);
  },

  async deleteAllOfSeat(seatId) {
    let deleted = 0;
    const pages = paginateQuery(
      { client: table.doc },
      {
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.sealedMessagePartition(seatId) },
        ProjectionExpression: 'PK, SK',
      },
    );
    for await (const page of pages) {
      const found = (page.Items ?? []) as Key[];
      for (const batch of chunks(found, BATCH_WRITE_MAX)) {
        await untilProcessed(
          batch.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } })),
          async (pending) => {
            const { UnprocessedItems } = await table.doc.send(
              new BatchWriteCommand({ RequestItems: { [table.tableName]: pending } }),
            );
            return (UnprocessedItems?.[table.tableName] ?? []) as typeof pending;
          },
        );
      }
      deleted += found.length;
    }
    return deleted;
  },
});
