import { GetCommand, paginateQuery, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import {
  INBOX_PAGE,
  inboxPage,
  notificationCatalog,
  type Notification,
  type NotificationType,
} from '../../domain/notifications/notification';
import type { Inbox } from '../../ports/notifications';
import type { TableAccess } from './client';
import { itemTypes, keys } from './keys';
import type { InboxNotice } from '../../ports/stores';
import type { TransactItem } from './transact';

const categoryOf = (type: NotificationType) => notificationCatalog[type].category;

const notificationItem = onFirstUse(() =>
  z.object({
    id: z.string(),
    notificationType: z.enum(Object.keys(notificationCatalog) as [keyof typeof notificationCatalog]),
    severity: z.enum(['critical', 'warning']),
    seatUid: z.nullable(z.string()),
    createdAt: z.string(),
    readAt: z.nullable(z.string()),
  }),
);

/**
 * The writes that put notifications in their recipients' inboxes, for the transaction of the change
 * that caused them: each entry, and one update per recipient of their unread counter (a transaction
 * writes an item once, so a recipient of several counts them all at once).
 */
export const inboxEntriesOf = (table: TableAccess, notices: readonly InboxNotice[]): TransactItem[] => {
  const added = new Map<string, number>();
  const entries = notices.flatMap(({ value, recipients }) =>
    recipients.map((userUid): TransactItem => {
      added.set(userUid, (added.get(userUid) ?? 0) + 1);
      return {
        Put: {
          TableName: table.tableName,
          Item: {
            ...keys.notification(userUid, value.id),
            ...value,
            type: itemTypes.notification,
            notificationType: value.type,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    }),
  );
  const counters = [...added].map(([userUid, count]): TransactItem => ({
    Update: {
      TableName: table.tableName,
      Key: keys.inboxCounter(userUid),
      UpdateExpression: 'SET #type = :type ADD unread :added',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': itemTypes.inboxCounter, ':added': count },
    },
  }));
  return [...entries, ...counters];
};

/** One notification in each recipient's inbox (see `inboxEntriesOf`). */
export const inboxEntries = (
  table: TableAccess,
  notification: Notification,
  recipients: readonly string[],
): TransactItem[] => inboxEntriesOf(table, [{ value: notification, recipients }]);

const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException ||
  (error instanceof TransactionCanceledException &&
    error.CancellationReasons?.some((reason) => reason.Code === 'ConditionalCheckFailed') === true);

/**
 * A guardian's inbox: one query reads a page (newest first, one more than a page to know if another
 * follows) and one read the unread counter. Marking read flips `readAt` once and takes one off the
 * counter in the same transaction.
 */
export const dynamoInbox = (table: TableAccess): Inbox => {
  const markOne = async (userUid: string, notificationId: string, now: Date) => {
    await table.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table.tableName,
              Key: keys.notification(userUid, notificationId),
              UpdateExpression: 'SET readAt = :now',
              ConditionExpression: 'attribute_exists(PK) AND readAt = :unread',
              ExpressionAttributeValues: { ':now': now.toISOString(), ':unread': null },
            },
          },
          {
            Update: {
              TableName: table.tableName,
              Key: keys.inboxCounter(userUid),
              UpdateExpression: 'ADD unread :minusOne',
              ConditionExpression: 'unread > :zero',
              ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
            },
          },
        ],
      }),
    );
  };

  /** The unread counter: one read; never below zero, and zero before the first notification. */
  const unreadOf = async (userUid: string): Promise<number> => {
    const { Item } = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.inboxCounter(userUid),
        ConsistentRead: true,
      }),
    );
    const counter = z.object({ unread: z.number() }).safeParse(Item);
    return counter.success ? Math.max(0, counter.data.unread) : 0;
  };

  return {
    async page(userUid, cursor) {
      const [page, counter] = await Promise.all([
        table.doc.send(
          new QueryCommand({
            TableName: table.tableName,
            KeyConditionExpression:
              cursor === null
                ? 'PK = :pk AND begins_with(SK, :prefix)'
                : 'PK = :pk AND SK BETWEEN :prefix AND :before',
            ExpressionAttributeValues: {
              ':pk': keys.inboxPartition(userUid),
              ':prefix': 'NOTIFICATION#',
              ...(cursor === null ? {} : { ':before': keys.notification(userUid, cursor).SK }),
            },
            ScanIndexForward: false,
            Limit: INBOX_PAGE + 1,
            // A guardian reads right after a notification lands or after marking one read.
            ConsistentRead: true,
          }),
        ),
        unreadOf(userUid),
      ]);
      const newestFirst = (page.Items ?? [])
        .map((item): Notification => {
          const { notificationType, ...rest } = notificationItem.parse(item);
          // Entries written before categories existed take their type's.
          return { ...rest, type: notificationType, category: categoryOf(notificationType) };
        })
        // BETWEEN includes the cursor itself; the page starts after it.
        .filter((notification) => notification.id !== cursor);
      return inboxPage(newestFirst, counter);
    },

    unread: unreadOf,

    async markRead(userUid, notificationId, now) {
      const { Item } = await table.doc.send(
        new GetCommand({
          TableName: table.tableName,
          Key: keys.notification(userUid, notificationId),
          // A notification that has just landed is found, never a false 404.
          ConsistentRead: true,
        }),
      );
      if (Item === undefined) return false;
      try {
        await markOne(userUid, notificationId, now);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      return true;
    },

    async markAllRead(userUid, now) {
      const unreadPages = paginateQuery(
        { client: table.doc },
        {
          TableName: table.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          FilterExpression: 'readAt = :unread',
          ExpressionAttributeValues: {
            ':pk': keys.inboxPartition(userUid),
            ':prefix': 'NOTIFICATION#',
            ':unread': null,
          },
        },
      );
      for await (const page of unreadPages) {
        for (const item of page.Items ?? []) {
          try {
            await markOne(userUid, notificationItem.parse(item).id, now);
          } catch (error) {
            if (!isConditionFailure(error)) throw error;
          }
        }
      }
    },
  };
};
