import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../validation/z';
import { rateVerdict, windowEnd } from '../../domain/rate-limit/window';
import type { Clock } from '../../ports/clock';
import type { KeyedHasher } from '../../ports/secrets';
import type { RateLimiter } from '../../ports/stores';
import type { TableAccess } from './client';
import { itemTypes, keys } from './keys';

const counted = z.object({ count: z.int(), ttl: z.int() });

/**
 * Fixed windows kept in the table. The window's end doubles as the item's TTL, but TTL deletion is
 * lazy, so a window is only counted into while its end is in the future; past it, a new window
 * replaces the old one. Keys hold a keyed hash of the identifier, never the e-mail, token or IP.
 */
export const dynamoRateLimiter = (table: TableAccess, hasher: KeyedHasher, clock: Clock): RateLimiter => ({
  async hit(ruleName, identifier, rule) {
    const key = keys.rateWindow(ruleName, hasher.digest('rate', identifier));
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const end = windowEnd(nowSeconds, rule);
    const names = { '#count': 'count', '#ttl': 'ttl', '#type': 'type' };

    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const { Attributes } = await table.doc.send(
          new UpdateCommand({
            TableName: table.tableName,
            Key: key,
            UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :end), #type = :type',
            ConditionExpression: 'attribute_not_exists(#ttl) OR #ttl > :now',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ':one': 1,
              ':end': end,
              ':now': nowSeconds,
              ':type': itemTypes.rateWindow,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const window = counted.parse(Attributes);
        return rateVerdict({ count: window.count, endsAt: window.ttl }, rule, nowSeconds);
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      try {
        await table.doc.send(
          new PutCommand({
            TableName: table.tableName,
            Item: { ...key, type: itemTypes.rateWindow, count: 1, ttl: end },
            ConditionExpression: 'attribute_not_exists(#ttl) OR #ttl <= :now',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':now': nowSeconds },
          }),
        );
        return rateVerdict({ count: 1, endsAt: end }, rule, nowSeconds);
      } catch (error) {
        // Another request opened the new window first: count into it.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    throw new Error(`rate window ${ruleName} kept moving`);
  },
});
