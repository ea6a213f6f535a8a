import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { put, putNew, transact } from '../../shared/adapters/dynamo/transact';
import { StaleWrite } from '../../shared/domain/errors';
import { freshTable } from '../support/table';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const item = (name: string, value: number) => ({ PK: `TEST#${name}`, SK: 'TEST', value });
const read = async (name: string) =>
  (
    await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: { PK: `TEST#${name}`, SK: 'TEST' } }),
    )
  ).Item;

describe('writing items all or none', () => {
  it('writes one item without a transaction, and its failed condition is CONFLICT', async () => {
    await transact(table, [putNew(table, item('one', 1))]);
    expect(await read('one')).toMatchObject({ value: 1 });
    await expect(transact(table, [putNew(table, item('one', 2))])).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await read('one')).toMatchObject({ value: 1 });
  });

  it('writes several items in one transaction, none when a condition fails (CONFLICT)', async () => {
    await transact(table, [putNew(table, item('a', 1)), putNew(table, item('b', 1))]);
    await expect(
      transact(table, [put(table, item('a', 2)), putNew(table, item('b', 2))]),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await read('a')).toMatchObject({ value: 1 });
    expect(await read('b')).toMatchObject({ value: 1 });
  });

  it('says a write the state moved under is stale, whichever way it lost: a condition or another transaction', async () => {
    const racers = ['w', 'x', 'y', 'z'].map((name) =>
      transact(table, [putNew(table, item('shared', 1)), putNew(table, item(`own-${name}`, 1))]),
    );
    const outcomes = await Promise.allSettled(racers);
    // Transactions that overlap may all be cancelled; never more than one writes the item.
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(StaleWrite);
        expect(outcome.reason).toMatchObject({ code: 'CONFLICT' });
      }
    }
  });
});
