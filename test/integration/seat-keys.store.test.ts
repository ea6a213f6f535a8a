import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { keys } from '../../shared/adapters/dynamo/keys';
import { dataKeyChange } from '../../shared/app/seats/data-keys';
import { ServiceError, StaleWrite } from '../../shared/domain/errors';
import type { Seat } from '../../shared/domain/family/seat';
import { seatKeysIn } from '../support/seat-keys';
import { seatWithPairing } from '../support/seats';
import { freshTable, seatKeysTableOf } from '../support/table';

/**
 * A seat's data key lives in two places written together: its id on the seat item (the table, with
 * point-in-time recovery) and its wrapped copy in the seat keys' table (no backup of any kind). A
 * restore of the table brings back ids whose copies are gone, and nothing opens.
 */
let table: TableAccess;
let keysTable: TableAccess;
const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
const seatKeys = localSeatKeys(Buffer.alloc(32, 5).toString('base64'));

beforeAll(async () => {
  table = await freshTable();
  keysTable = seatKeysTableOf(table);
});

const copyOf = async (seatId: string) =>
  (
    await keysTable.doc.send(
      new GetCommand({ TableName: keysTable.tableName, Key: { seatId }, ConsistentRead: true }),
    )
  ).Item;

const seatItemOf = async (seat: Seat) =>
  (
    await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.seat(seat.accountUid, seat.uid),
        ConsistentRead: true,
      }),
    )
  ).Item ?? {};

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ServiceError ? error.code : error),
  );

describe('a seat’s data key', () => {
  it('is named on the seat and kept wrapped in the seat keys’ table, never on the seat item', async () => {
    const store = seatKeysIn(table, keysTable, seatKeys);
    const seat = await store.keyed(await seatWithPairing(table, ids, now, { status: 'paired' }), ids);
    const item = await seatItemOf(seat);
    expect(item['dataKeyId']).toBe(seat.dataKeyId);
    expect(JSON.stringify(item)).not.toContain(String((await copyOf(seat.seatId))?.['wrappedKey']));
    expect(await copyOf(seat.seatId)).toEqual({
      seatId: seat.seatId,
      dataKeyId: seat.dataKeyId,
      wrappedKey: expect.any(String),
    });
    expect(await store.open(seat)).toHaveLength(32);
  });

  it('is destroyed in the write that drops it: the seat names none and its copy is gone', async () => {
    const store = seatKeysIn(table, keysTable, seatKeys);
    const seat = await store.keyed(await seatWithPairing(table, ids, now, { status: 'paired' }), ids);
    const destroyed = await store.unkeyed(seat);
    expect((await seatItemOf(destroyed))['dataKeyId']).toBeNull();
    expect(await copyOf(seat.seatId)).toBeUndefined();
  });

  it('cannot be dropped from a seat without its copy, nor named without one', async () => {
    const store = seatKeysIn(table, keysTable, seatKeys);
    const seat = await store.keyed(await seatWithPairing(table, ids, now, { status: 'paired' }), ids);
    const families = dynamoFamilyStore(table, { seatKeysTable: keysTable.tableName });
    await expect(families.saveSeat({ ...seat, dataKeyId: null }, [])).rejects.toBeInstanceOf(StaleWrite);
    await expect(families.saveSeat({ ...seat, dataKeyId: 'another' }, [])).rejects.toBeInstanceOf(StaleWrite);
    expect(await copyOf(seat.seatId)).toMatchObject({ dataKeyId: seat.dataKeyId });
    expect((await seatItemOf(seat))['dataKeyId']).toBe(seat.dataKeyId);
  });

  it('is one at a time: a seat that holds a key gets no second one over it', async () => {
    const store = seatKeysIn(table, keysTable, seatKeys);
    const seat = await store.keyed(await seatWithPairing(table, ids, now, { status: 'paired' }), ids);
    await expect(store.keyed(seat, ids)).rejects.toBeInstanceOf(StaleWrite);
    const families = dynamoFamilyStore(table);
    // A store that was not given the seat keys' table writes no key at all.
    const after = { ...seat, dataKeyId: null };
    await expect(families.saveSeat(after, [], dataKeyChange(seat, after))).rejects.toThrow(/seat keys table/);
  });

  it('opens no more once its copy is gone, though a restored seat item still names it', async () => {
    const store = seatKeysIn(table, keysTable, seatKeys);
    const seat = await store.keyed(await seatWithPairing(table, ids, now, { status: 'paired' }), ids);
    const before = await seatItemOf(seat);
    await store.unkeyed(seat);
    // The table restored to before the stop: the seat item is back, the seat keys' table has no backup.
    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: before }));
    const restored = (await dynamoFamilyStore(table).load(seat.accountUid))?.seats.find(
      (one) => one.uid === seat.uid,
    );
    expect(restored?.dataKeyId).toBe(seat.dataKeyId);
    expect(await codeOf(store.open(restored ?? seat))).toBe('SEAT_KEY_GONE');
  });
});
