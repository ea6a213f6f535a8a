import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../validation/z';
import type { EventLog, TicketStore } from '../../ports/event-log';
import type { TableAccess } from './client';
import { toEvent } from './items';
import { itemTypes, keys } from './keys';

const ticketItem = z.object({ accountUid: z.string(), userUid: z.string(), expiresAt: z.string() });

/** Tickets: one item each, deleted when used (the delete returns it, so two uses cannot both win). */
export const dynamoTicketStore = (table: TableAccess): TicketStore => ({
  async issue(ticketHash, ticket) {
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.streamTicket(ticketHash),
          type: itemTypes.streamTicket,
          ...ticket,
          // The table's TTL removes it later; `expiresAt` is checked on use.
          ttl: Math.ceil(Date.parse(ticket.expiresAt) / 1000) + 3600,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },
  async consume(ticketHash) {
    const { Attributes } = await table.doc.send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: keys.streamTicket(ticketHash),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes === undefined ? null : ticketItem.parse(Attributes);
  },
});

/** An account's events, read from its partition in ULID order with strongly consistent queries. */
export const dynamoEventLog = (table: TableAccess): EventLog => ({
  async after(accountId, afterId, limit) {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression:
          afterId === null ? 'PK = :pk AND begins_with(SK, :prefix)' : 'PK = :pk AND SK > :after',
        ExpressionAttributeValues: {
          ':pk': keys.eventPartition(accountId),
          ...(afterId === null ? { ':prefix': 'EVENT#' } : { ':after': keys.event(accountId, afterId).SK }),
        },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    return Items.map(toEvent);
  },
  async latestId(accountId) {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.eventPartition(accountId), ':prefix': 'EVENT#' },
        ConsistentRead: true,
        ScanIndexForward: false,
        Limit: 1,
        ProjectionExpression: 'id',
      }),
    );
    const id = Items[0]?.['id'];
    return typeof id === 'string' ? id : null;
  },
});
