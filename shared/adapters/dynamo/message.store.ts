import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  paginateQuery,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { findingKey } from '../../domain/alerts/finding';
import { riskCategories } from '../../domain/analysis/finding';
import type { CountedFinding } from '../../domain/alerts/grouping';
import type { MessageStore, StoredMessage } from '../../ports/messages';
import type { KeptMessage } from '../../ports/stores';
import type { TableAccess } from './client';
import { sealedMessageItem } from './items';
import { itemTypes, keys, type Key } from './keys';
import { putNew, type TransactItem } from './transact';
import * as z from '../../validation/z';

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

const keptId = z.object({ messageId: z.string() });

const recordedFinding = z.object({ messageId: z.string(), category: z.enum(riskCategories) });

const toStored = (item: unknown): StoredMessage => {
  const { type: _, iv, ciphertext, ttl: __, ...message } = sealedMessageItem.parse(item);
  return { ...message, sealed: { iv, ciphertext } };
};

const oldestFirst = (a: StoredMessage, b: StoredMessage) =>
  a.sentAt === b.sentAt ? a.messageId.localeCompare(b.messageId) : a.sentAt < b.sentAt ? -1 : 1;

const messageToItem = ({ sealed, ...fields }: StoredMessage, expiresAtSeconds: number) => ({
  ...keys.sealedMessage(fields.seatId, fields.messageId),
  ...keys.sealedMessageByChat(fields.seatId, fields.chat, fields.sentAt, fields.messageId),
  type: itemTypes.sealedMessage,
  ...fields,
  iv: sealed.iv,
  ciphertext: sealed.ciphertext,
  ttl: expiresAtSeconds,
});

/** A finding beside its message: what it found and the alert it counted on (never any text). */
const findingToItem = (seatId: string, finding: CountedFinding, expiresAtSeconds: number) => ({
  ...keys.finding(seatId, finding.messageId, finding.category),
  type: itemTypes.finding,
  seatId,
  messageId: finding.messageId,
  category: finding.category,
  severity: finding.severity,
  confidence: finding.confidence,
  source: finding.source,
  sentAt: finding.sentAt,
  alertUid: finding.alertUid,
  ttl: expiresAtSeconds,
});

/** The writes of a handled message for its change's transaction: the message and its findings, each only if absent. */
export const keptMessageItems = (table: TableAccess, kept: KeptMessage): TransactItem[] => [
  putNew(table, messageToItem(kept.message, kept.expiresAtSeconds)),
  ...kept.findings.map((finding) =>
    putNew(table, findingToItem(kept.message.seatId, finding, kept.expiresAtSeconds)),
  ),
];

/** Every key, batch by batch, with what DynamoDB left unprocessed asked again. */
const batchGet = async (table: TableAccess, keyList: readonly Key[], projection?: string) => {
  const found: Record<string, unknown>[] = [];
  for (const batch of chunks(keyList, BATCH_GET_MAX)) {
    await untilProcessed(batch, async (pending) => {
      const { Responses, UnprocessedKeys } = await table.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [table.tableName]: {
              Keys: pending,
              ConsistentRead: true,
              ...(projection === undefined ? {} : { ProjectionExpression: projection }),
            },
          },
        }),
      );
      found.push(...(Responses?.[table.tableName] ?? []));
      return (UnprocessedKeys?.[table.tableName]?.Keys ?? []) as Key[];
    });
  }
  return found;
};

type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Every write, 25 a call, with what DynamoDB left unprocessed sent again. */
const batchWrite = async (table: TableAccess, requests: readonly WriteRequest[]) => {
  for (const batch of chunks(requests, BATCH_WRITE_MAX)) {
    await untilProcessed(batch, async (pending) => {
      const { UnprocessedItems } = await table.doc.send(
        new BatchWriteCommand({ RequestItems: { [table.tableName]: pending } }),
      );
      return (UnprocessedItems?.[table.tableName] ?? []) as WriteRequest[];
    });
  }
};

/**
 * Sealed messages in the seat's own partition (`SEATMSG#<seatId>`, one item per message id) with a
 * chat's time order on GSI1. The table's TTL removes each one after the content retention.
 */
export const dynamoMessageStore = (table: TableAccess): MessageStore => ({
  async putIfAbsent(message, expiresAtSeconds) {
    try {
      await table.doc.send(
        new PutCommand({
          TableName: table.tableName,
          Item: messageToItem(message, expiresAtSeconds),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async has(seatId, messageId) {
    const { Item } = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.sealedMessage(seatId, messageId),
        ConsistentRead: true,
        ProjectionExpression: 'PK',
      }),
    );
    return Item !== undefined;
  },

  async keptAmong(seatId, messageIds) {
    const unique = [...new Set(messageIds)].map((id) => keys.sealedMessage(seatId, id));
    const found = await batchGet(table, unique, 'messageId');
    return new Set(found.map((item) => keptId.parse(item).messageId));
  },

  async putAll(messages) {
    await batchWrite(
      table,
      messages.map(({ message, expiresAtSeconds }) => ({
        PutRequest: { Item: messageToItem(message, expiresAtSeconds) },
      })),
    );
  },

  async recordedFindings(seatId, findings) {
    if (findings.length === 0) return new Set();
    const wanted = new Map(
      findings.map((finding) => [
        findingKey(finding),
        keys.finding(seatId, finding.messageId, finding.category),
      ]),
    );
    const found = await batchGet(table, [...wanted.values()], 'messageId, category');
    return new Set(found.map((item) => findingKey(recordedFinding.parse(item))));
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
    const unique = [...new Set(messageIds)].map((id) => keys.sealedMessage(seatId, id));
    return (await batchGet(table, unique)).map(toStored).sort(oldestFirst);
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
      await batchWrite(
        table,
        found.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } })),
      );
      deleted += found.length;
    }
    return deleted;
  },
});
