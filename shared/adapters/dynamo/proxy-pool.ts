import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { StaleWrite } from '../../domain/errors';
import * as z from '../../validation/z';
import { bindingOrder, type ProxyAddress } from '../../domain/pairing/proxy';
import type { ProxyPool } from '../../ports/proxies';
import { lazy } from '../../lazy';
import type { TableAccess } from './client';
import { itemTypes, keys } from './keys';
import { overviewUpdate } from './overview.store';
import { putNew, transact, type TransactItem } from './transact';

const proxyItem = z.object({
  label: z.string(),
  address: z.string(),
  capacity: z.int(),
  bound: z.int(),
  burned: z.boolean(),
});

/** Gives one slot back, inside the transaction of the move that ends the pairing holding it. */
export const releaseSlot = (table: TableAccess, label: string): TransactItem => ({
  Update: {
    TableName: table.tableName,
    Key: keys.proxy(label),
    UpdateExpression: 'ADD bound :minusOne',
    ConditionExpression: 'bound > :zero',
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  },
});

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * Proxies in one partition (a handful of items, read with one query). A slot is taken with a
 * conditional increment (`bound < capacity` and not burned), so two pairings can never share the
 * last one; when a candidate fills up meanwhile, the next one is tried.
 */
export const dynamoProxyPool = (table: TableAccess, configured: readonly ProxyAddress[] = []): ProxyPool => {
  // The configured addresses are registered once per process, before the first binding.
  const registration = lazy(() => pool.register(configured));
  const list = async () => {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.proxyPartition() },
        ConsistentRead: true,
      }),
    );
    return Items.map((item) => proxyItem.parse(item));
  };

  const pool: ProxyPool = {
    async register(addresses) {
      // A new proxy is counted active in the backoffice overview with its registration.
      for (const proxy of addresses) {
        const item = { ...keys.proxy(proxy.label), type: itemTypes.proxy, ...proxy, bound: 0, burned: false };
        try {
          await transact(table, [
            putNew(table, item),
            overviewUpdate(table, proxy.label, { proxiesActive: 1 }),
          ]);
        } catch (error) {
          if (!(error instanceof StaleWrite)) throw error;
          // Registered meanwhile (by another process): nothing to count. Anything else was a race.
          const { Item } = await table.doc.send(
            new GetCommand({
              TableName: table.tableName,
              Key: keys.proxy(proxy.label),
              ConsistentRead: true,
            }),
          );
          if (Item === undefined) throw error;
        }
      }
    },

    list,

    async bind() {
      await registration();
      for (const candidate of bindingOrder(await list())) {
        try {
          const { Attributes } = await table.doc.send(
            new UpdateCommand({
              TableName: table.tableName,
              Key: keys.proxy(candidate.label),
              UpdateExpression: 'ADD bound :one',
              ConditionExpression: 'bound < #capacity AND burned = :no',
              ExpressionAttributeNames: { '#capacity': 'capacity' },
              ExpressionAttributeValues: { ':one': 1, ':no': false },
              ReturnValues: 'ALL_NEW',
            }),
          );
          return proxyItem.parse(Attributes);
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }
      return null;
    },

    async release(label) {
      try {
        await table.doc.send(
          new UpdateCommand({
            TableName: table.tableName,
            Key: keys.proxy(label),
            UpdateExpression: 'ADD bound :minusOne',
            ConditionExpression: 'bound > :zero',
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        );
      } catch (error) {
        // Released twice (a retried worker): the count is already right.
        if (!isConditionFailure(error)) throw error;
      }
    },

    async burn(label) {
      await table.doc.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: keys.proxy(label),
          UpdateExpression: 'SET burned = :yes',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':yes': true },
        }),
      );
    },
  };
  return pool;
};
