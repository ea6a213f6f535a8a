import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../validation/z';
import type { RelayRegistry } from '../../ports/relay';
import type { TableAccess } from './client';
import { itemTypes, keys } from './keys';

const registration = z.object({ taskId: z.string(), endpoint: z.string() });

/**
 * Topic registrations: one item per topic and task, refreshed by the task while it holds the topic
 * and expiring (TTL) when a task dies without saying goodbye.
 */
export const dynamoRelayRegistry = (table: TableAccess, ttlSeconds = 180): RelayRegistry => ({
  async register(topic, taskId, endpoint) {
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.relayTopic(topic, taskId),
          type: itemTypes.relayTopic,
          taskId,
          endpoint,
          ttl: Math.floor(Date.now() / 1000) + ttlSeconds,
        },
      }),
    );
  },
  async unregister(topic, taskId) {
    await table.doc.send(
      new DeleteCommand({ TableName: table.tableName, Key: keys.relayTopic(topic, taskId) }),
    );
  },
  async endpoints(topic) {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.relayTopicPartition(topic) },
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    return Items.filter((item) => typeof item['ttl'] !== 'number' || item['ttl'] > now).map((item) =>
      registration.parse(item),
    );
  },
});
