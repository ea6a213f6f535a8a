import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { HistoryQueueChange, QueueEntry } from '../../domain/history/history-import';
import type { ChatCheckpoint, HistoryQueue } from '../../ports/history-queue';
import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import type { TableAccess } from './client';
import { itemTypes, keys } from './keys';
import { guards, putNew, type TransactItem } from './transact';

const queueEntryItem = onFirstUse(() =>
  z.object({ seatUid: z.string(), importId: z.string(), queuedAt: z.string() }),
);
const slotItem = onFirstUse(() => z.object({ SK: z.string() }));
const checkpointItem = onFirstUse(() => z.object({ offset: z.int(), done: z.boolean() }));

/**
 * The queue and slot items an import move writes, inside the seat's transaction: joining puts its
 * entry only if absent, leaving deletes it only if there, a slot is taken only if free and freed only
 * by its holder. Two moves that both believed they could take the same place or slot cannot both
 * commit: one of them decides again on what is there now.
 */
export const historyQueueItems = (table: TableAccess, change: HistoryQueueChange): TransactItem[] => {
  const items: TransactItem[] = [];
  if (change.leave !== undefined) {
    const { queuedAt, importId } = change.leave;
    items.push({
      Delete: {
        TableName: table.tableName,
        Key: keys.historyQueueEntry(queuedAt, importId),
        ConditionExpression: guards.exists,
      },
    });
  }
  if (change.join !== undefined) {
    const entry = change.join;
    items.push(
      putNew(table, {
        ...keys.historyQueueEntry(entry.queuedAt, entry.importId),
        type: itemTypes.historyQueueEntry,
        ...entry,
      }),
    );
  }
  if (change.freeSlot !== undefined) {
    items.push({
      Delete: {
        TableName: table.tableName,
        Key: keys.historySlot(change.freeSlot.slot),
        ConditionExpression: `${guards.exists} AND #importId = :importId`,
        ExpressionAttributeNames: { '#importId': 'importId' },
        ExpressionAttributeValues: { ':importId': change.freeSlot.importId },
      },
    });
  }
  if (change.takeSlot !== undefined) {
    const { slot, importId, seatUid } = change.takeSlot;
    items.push(putNew(table, { ...keys.historySlot(slot), type: itemTypes.historySlot, importId, seatUid }));
  }
  return items;
};

const slotNumber = (sortKey: string): number => Number(sortKey.slice('SLOT#'.length));

export const dynamoHistoryQueue = (table: TableAccess): HistoryQueue => ({
  async head(limit) {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.historyQueuePartition() },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    return Items.map((item): QueueEntry => queueEntryItem.parse(item));
  },

  // The entries ahead of this one, plus one: an entry admitted between the seat's read and this count
  // (gone from the queue) is at the head, never at 0.
  async position(entry) {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'PK = :pk AND SK < :own',
          ExpressionAttributeValues: {
            ':pk': keys.historyQueuePartition(),
            ':own': keys.historyQueueEntry(entry.queuedAt, entry.importId).SK,
          },
          Select: 'COUNT',
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return count + 1;
  },

  async freeSlots(total) {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.historySlotPartition() },
        ProjectionExpression: 'SK',
        ConsistentRead: true,
      }),
    );
    const held = new Set(Items.map((item) => slotNumber(slotItem.parse(item).SK)));
    return Array.from({ length: total }, (_, index) => index + 1).filter((slot) => !held.has(slot));
  },

  async checkpoint(importId, chatHash) {
    const { Item } = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.historyCheckpoint(importId, chatHash),
        ConsistentRead: true,
      }),
    );
    return Item === undefined ? null : checkpointItem.parse(Item);
  },

  async saveCheckpoint(importId, chatHash, checkpoint: ChatCheckpoint, expiresAtSeconds) {
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.historyCheckpoint(importId, chatHash),
          type: itemTypes.historyCheckpoint,
          ...checkpoint,
          ttl: expiresAtSeconds,
        },
      }),
    );
  },
});
