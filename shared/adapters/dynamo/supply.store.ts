import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SupplyStore } from '../../ports/supply';
import * as z from '../../validation/z';
import type { TableAccess } from './client';
import {
  auditEntryToItem,
  supplyOrderToItem,
  supplyQuoteToItem,
  toSupplyOrder,
  toSupplyQuote,
} from './items';
import { itemTypes, keys } from './keys';
import { guards, put, putNew, transact } from './transact';

const stateItem = z.object({ version: z.int() });

/**
 * The supply partition (`keys.supplyPartition`): its orders and its version item, read with one
 * strongly consistent Query. A purchase or renewal writes its order, spends its quote (only if
 * unspent) and moves the version (only if it is the one read) in one transaction, with the
 * operator's audit entry.
 */
export const dynamoSupplyStore = (table: TableAccess): SupplyStore => ({
  async read() {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.supplyPartition() },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    const state = items.find((item) => item['type'] === itemTypes.supplyState);
    return {
      version: state === undefined ? 0 : stateItem.parse(state).version,
      state: { orders: items.filter((item) => item['type'] === itemTypes.supplyOrder).map(toSupplyOrder) },
    };
  },

  async quote(uid) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.supplyQuote(uid), ConsistentRead: true }),
    );
    return Item === undefined ? null : toSupplyQuote(Item);
  },

  async saveQuote(quote, audit) {
    await transact(table, [putNew(table, supplyQuoteToItem(quote)), putNew(table, auditEntryToItem(audit))]);
  },

  async saveOrder({ version, order, quote, audit }) {
    await transact(table, [
      put(
        table,
        { ...keys.supplyState(), type: itemTypes.supplyState, version: version + 1 },
        version === 0
          ? { expression: guards.isNew }
          : {
              expression: guards.versionIs,
              names: { '#version': 'version' },
              values: { ':expectedVersion': version },
            },
      ),
      put(table, supplyQuoteToItem(quote), {
        expression: `${guards.exists} AND usedAt = :unused`,
        values: { ':unused': null },
      }),
      put(table, supplyOrderToItem(order)),
      putNew(table, auditEntryToItem(audit)),
    ]);
  },

  async markWarned(order, audit) {
    await transact(table, [
      {
        Update: {
          TableName: table.tableName,
          Key: keys.supplyOrder(order.uid),
          UpdateExpression: 'SET warnedFor = :expiry',
          // Warned once per expiry: a second run (or a renewal meanwhile) writes nothing.
          ConditionExpression: `${guards.exists} AND expiresAt = :expiry AND (attribute_not_exists(warnedFor) OR warnedFor <> :expiry)`,
          ExpressionAttributeValues: { ':expiry': order.expiresAt },
        },
      },
      putNew(table, auditEntryToItem(audit)),
    ]);
  },
});
