import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Seat } from '../../domain/family/seat';
import type { WrappedKeys } from '../../ports/consent';
import type { DataKeyChange } from '../../ports/stores';
import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import type { TableAccess } from './client';
import { seatKeysTableDesign } from './table-design';
import type { TransactItem } from './transact';

/**
 * The seats' wrapped data keys, in the seat keys' table (`seatKeysTableDesign`): one item per seat,
 * put and deleted only in the transaction of the seat write that makes or destroys the key
 * (`wrappedKeyWrites`, used by the family store), read here by those that open content.
 */
const wrappedKeyItem = onFirstUse(() =>
  z.object({ seatId: z.string(), dataKeyId: z.string(), wrappedKey: z.string() }),
);

const keyOf = (seatId: string) => ({ [seatKeysTableDesign.partitionKey]: seatId });

export const dynamoWrappedKeys = (table: TableAccess): WrappedKeys => ({
  async get(seatId, dataKeyId) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keyOf(seatId), ConsistentRead: true }),
    );
    if (Item === undefined) return null;
    const item = wrappedKeyItem.parse(Item);
    // Another key of the seat (a later consent's): the one asked for is gone.
    return item.dataKeyId === dataKeyId ? item.wrappedKey : null;
  },
});

/**
 * The seat keys' table's part of a seat write: a new key's wrapped copy put (only if the seat holds
 * none: one key at a time), or the destroyed key's copy deleted (nothing left is fine: a retry, or a
 * seat restored without it).
 */
export const wrappedKeyWrites = (
  tableName: string,
  seat: Pick<Seat, 'seatId' | 'dataKeyId'>,
  change: DataKeyChange,
): TransactItem => {
  if (change.kind === 'destroyed') {
    if (seat.dataKeyId !== null) throw new Error('a destroyed data key is still named by its seat');
    return { Delete: { TableName: tableName, Key: keyOf(seat.seatId) } };
  }
  if (seat.dataKeyId === null) throw new Error('a new data key is not named by its seat');
  return {
    Put: {
      TableName: tableName,
      Item: { seatId: seat.seatId, dataKeyId: seat.dataKeyId, wrappedKey: change.wrappedKey },
      ConditionExpression: 'attribute_not_exists(#seatId)',
      ExpressionAttributeNames: { '#seatId': seatKeysTableDesign.partitionKey },
    },
  };
};
