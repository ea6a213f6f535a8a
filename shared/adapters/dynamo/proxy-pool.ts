import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { StaleWrite } from '../../domain/errors';
import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import { bindingOrder, proxyStatuses, type ProxyAddress, type ProxyState } from '../../domain/pairing/proxy';
import { proxyDelta } from '../../domain/operators/overview';
import type { ProxyPool } from '../../ports/proxies';
import { lazy } from '../../lazy';
import type { TableAccess } from './client';
import { auditEntryToItem } from './items';
import { itemTypes, keys } from './keys';
import { overviewUpdate } from './overview.store';
import { putNew, transact, type TransactItem } from './transact';

const proxyItem = onFirstUse(() =>
  z.pipe(
    z.object({
      label: z.string(),
      uid: z.optional(z.string()),
      address: z.string(),
      capacity: z.int(),
      bound: z.int(),
      status: z.optional(z.enum(proxyStatuses)),
      // Items written before the status: burned or not.
      burned: z.optional(z.boolean()),
      expiresAt: z.optional(z.nullable(z.string())),
    }),
    z.transform(({ burned, status, uid, expiresAt, ...proxy }): ProxyState => ({
      ...proxy,
      uid: uid ?? proxyUidOf(proxy.label),
      status: status ?? (burned === true ? 'burned' : 'active'),
      expiresAt: expiresAt ?? null,
    })),
  ),
);

/**
 * A configured address's public uid, derived from its label (unique in the pool): every process
 * seeding the same address names it alike. An address added by an operator gets a new uid.
 */
export const proxyUidOf = (label: string): string =>
  `px_${createHash('sha256').update(label).digest('base64url').slice(0, 22)}`;

/** Only an active address with room takes a slot (items from before the status: not burned). */
const roomCondition = {
  ConditionExpression:
    'bound < #capacity AND (#status = :active OR (attribute_not_exists(#status) AND burned = :no))',
  ExpressionAttributeNames: { '#capacity': 'capacity', '#status': 'status' },
};
const roomValues = { ':active': 'active', ':no': false };

const slotTaken = (table: TableAccess, label: string) => ({
  TableName: table.tableName,
  Key: keys.proxy(label),
  UpdateExpression: 'ADD bound :one',
  ...roomCondition,
  ExpressionAttributeValues: { ':one': 1, ...roomValues },
});
const slotGivenBack = (table: TableAccess, label: string) => ({
  TableName: table.tableName,
  Key: keys.proxy(label),
  UpdateExpression: 'ADD bound :minusOne',
  ConditionExpression: 'bound > :zero',
  ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
});

/** Takes one slot of an address, inside the transaction of the move that puts a session on it. */
export const takeSlot = (table: TableAccess, label: string): TransactItem => ({
  Update: slotTaken(table, label),
});

/** Gives one slot back, inside the transaction of the move that ends the pairing holding it. */
export const releaseSlot = (table: TableAccess, label: string): TransactItem => ({
  Update: slotGivenBack(table, label),
});

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

const bindingItem = onFirstUse(() =>
  z.object({ seatUid: z.string(), accountUid: z.string(), startedAt: z.string() }),
);

/**
 * Proxies in one partition (a handful of items, read with one query). A slot is taken with a
 * conditional increment (`bound < capacity` and active), so two pairings can never share the
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
  const itemOf = (proxy: ProxyAddress, uid: string) => ({
    ...keys.proxy(proxy.label),
    type: itemTypes.proxy,
    label: proxy.label,
    uid,
    address: proxy.address,
    capacity: proxy.capacity,
    expiresAt: proxy.expiresAt ?? null,
    bound: 0,
    status: 'active',
  });
  // A new proxy is counted active in the backoffice overview with its registration.
  const counted = (uid: string) => overviewUpdate(table, uid, proxyDelta(null, 'active'));

  const pool: ProxyPool = {
    async register(addresses) {
      for (const proxy of addresses) {
        try {
          const uid = proxyUidOf(proxy.label);
          await transact(table, [putNew(table, itemOf(proxy, uid)), counted(uid)]);
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

    async add(proxy, audit) {
      await registration();
      const item = itemOf(proxy, proxy.uid);
      await transact(table, [
        putNew(table, item),
        counted(proxy.uid),
        putNew(table, auditEntryToItem(audit)),
      ]);
      return proxyItem.parse(item);
    },

    list: async () => {
      await registration();
      return list();
    },

    async find(uid) {
      return (await pool.list()).find((proxy) => proxy.uid === uid) ?? null;
    },

    async bind() {
      await registration();
      for (const candidate of bindingOrder(await list())) {
        try {
          const { Attributes } = await table.doc.send(
            new UpdateCommand({ ...slotTaken(table, candidate.label), ReturnValues: 'ALL_NEW' }),
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
        await table.doc.send(new UpdateCommand(slotGivenBack(table, label)));
      } catch (error) {
        // Released twice (a retried worker): the count is already right.
        if (!isConditionFailure(error)) throw error;
      }
    },

    async setStatus(proxy, to, audit) {
      const unchanged =
        proxy.status === 'active'
          ? '(#status = :was OR (attribute_not_exists(#status) AND burned = :no))'
          : '#status = :was';
      await transact(table, [
        {
          Update: {
            TableName: table.tableName,
            Key: keys.proxy(proxy.label),
            UpdateExpression: 'SET #status = :to REMOVE burned',
            // A retire needs the address empty: a session bound meanwhile holds it back.
            ConditionExpression: `${unchanged}${to === 'retired' ? ' AND bound = :zero' : ''}`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':to': to,
              ':was': proxy.status,
              ...(proxy.status === 'active' ? { ':no': false } : {}),
              ...(to === 'retired' ? { ':zero': 0 } : {}),
            },
          },
        },
        overviewUpdate(table, proxy.uid, proxyDelta(proxy.status, to)),
        putNew(table, auditEntryToItem(audit)),
      ]);
    },

    async bindings(label) {
      const bindings = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await table.doc.send(
          new QueryCommand({
            TableName: table.tableName,
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.proxyBindingsOf(label) },
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? []) {
          const { seatUid, accountUid, startedAt } = bindingItem.parse(item);
          bindings.push({ seatUid, accountUid, since: startedAt });
        }
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey !== undefined);
      return bindings;
    },
  };
  return pool;
};
