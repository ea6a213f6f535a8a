import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { DomainEvent } from '../../domain/events/event';
import type { Channels } from '../../domain/notifications/preferences';
import { StaleWrite } from '../../domain/errors';
import type { TableAccess } from './client';
import type { NewUser } from '../../ports/stores';
import { eventToItem, userToItem } from './items';
import { itemTypes, keys } from './keys';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Named guards joined into condition expressions, so a failed write says which rule held it back.
 */
export const guards = {
  isNew: 'attribute_not_exists(PK)',
  exists: 'attribute_exists(PK)',
  versionIs: '#version = :expectedVersion',
  unversioned: 'attribute_not_exists(#version)',
} as const;

export const put = (
  table: TableAccess,
  item: Record<string, unknown>,
  condition?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> },
): TransactItem => ({
  Put: {
    TableName: table.tableName,
    Item: item,
    ...(condition === undefined
      ? {}
      : {
          ConditionExpression: condition.expression,
          ...(condition.names === undefined ? {} : { ExpressionAttributeNames: condition.names }),
          ...(condition.values === undefined ? {} : { ExpressionAttributeValues: condition.values }),
        }),
  },
});

/**
 * Puts an aggregate item only if nobody changed it since it was read: the version moves by one. An
 * item written before it carried a version reads as version 0.
 */
export const putVersioned = <T extends { version: number }>(
  table: TableAccess,
  toItem: (value: T) => Record<string, unknown>,
  value: T,
): { item: TransactItem; saved: T } => {
  const saved = { ...value, version: value.version + 1 };
  const version = value.version === 0 ? `(${guards.versionIs} OR ${guards.unversioned})` : guards.versionIs;
  return {
    saved,
    item: put(table, toItem(saved), {
      expression: `${guards.exists} AND ${version}`,
      names: { '#version': 'version' },
      values: { ':expectedVersion': value.version },
    }),
  };
};

export const putNew = (table: TableAccess, item: Record<string, unknown>): TransactItem =>
  put(table, item, { expression: guards.isNew });

export const eventRows = (table: TableAccess, events: readonly DomainEvent[]): TransactItem[] =>
  events.map((event) => putNew(table, eventToItem(event)));

/** A new user and the lookup that makes its e-mail unique: both only if absent. */
export const newUserItems = (table: TableAccess, newUser: NewUser | null): TransactItem[] =>
  newUser === null
    ? []
    : [
        putNew(table, userToItem(newUser.user)),
        putNew(table, {
          ...keys.emailLookup(newUser.emailHash),
          type: itemTypes.emailLookup,
          userUid: newUser.user.uid,
        }),
      ];

/**
 * The copy a user's member items keep of their name or `alerts` channels (`Member.name`,
 * `Member.alertChannels`), one update per family they belong to. Each moves the member's version,
 * so a member write decided on the old copy fails and reads again; a member removed meanwhile fails
 * the condition, and the command reads its families again.
 */
export const memberCopies = (
  table: TableAccess,
  userUid: string,
  accountUids: readonly string[],
  copy: { name: string | null } | { alertChannels: Channels },
): TransactItem[] => {
  const [field, value] = 'name' in copy ? ['name', copy.name] : ['alertChannels', copy.alertChannels];
  return accountUids.map((accountUid) => ({
    Update: {
      TableName: table.tableName,
      Key: keys.member(accountUid, userUid),
      UpdateExpression: 'SET #field = :value, #version = #version + :one',
      ConditionExpression: guards.exists,
      ExpressionAttributeNames: { '#field': field, '#version': 'version' },
      ExpressionAttributeValues: { ':value': value, ':one': 1 },
    },
  }));
};

/**
 * A write of one item needs no transaction: it is atomic on its own, costs half the write capacity
 * and answers sooner. A lone condition check stays a transaction (it writes nothing by itself).
 */
const singleWrite = (table: TableAccess, { Put, Update, Delete }: TransactItem) =>
  Put !== undefined
    ? () => table.doc.send(new PutCommand(Put))
    : Update !== undefined
      ? () => table.doc.send(new UpdateCommand(Update))
      : Delete !== undefined
        ? () => table.doc.send(new DeleteCommand(Delete))
        : null;

/** Why a transaction was cancelled that a fresh read can get past: a failed condition, or a race with another one. */
const staleReasons = new Set(['ConditionalCheckFailed', 'TransactionConflict']);

/**
 * A write refused because the state it was decided on moved: a failed condition (a version that
 * changed, an item that exists already) or another transaction on the same item at that moment.
 */
const isStale = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException ||
  error instanceof TransactionConflictException ||
  (error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((reason) => staleReasons.has(reason.Code ?? '')));

/**
 * Writes the items all or none: one `TransactWriteItems`, or the plain write when there is one item.
 * A write the state moved under is `StaleWrite` (409 `CONFLICT` unless the command decides again),
 * with the cause kept for the log.
 */
export const transact = async (table: TableAccess, items: TransactItem[]): Promise<void> => {
  const single = items.length === 1 && items[0] !== undefined ? singleWrite(table, items[0]) : null;
  try {
    if (single !== null) await single();
    else await table.doc.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isStale(error)) throw new StaleWrite(error);
    throw error;
  }
};
