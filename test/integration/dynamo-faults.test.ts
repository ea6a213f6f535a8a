import { beforeAll, describe, expect, it } from 'vitest';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { faultyTable, throttled, transactionConflict } from '../support/dynamo-faults';
import { newAccountWithOwner } from '../support/family';
import { challengedSeat } from '../support/seats';
import { freshTable } from '../support/table';
import { eventsOf, reportStatus, sessionWorkerDeps, working } from '../support/session-worker';

/**
 * DynamoDB throttling and transaction conflicts, injected below the SDK's retry loop of a client
 * built as the service builds it: the SDK retries a throttled request (and gives up after its
 * attempts, so the caller fails and its message comes back: test/integration/queue-faults.test.ts);
 * a transaction cancelled by a conflict is our stale write, decided again on a fresh read by
 * `retryOnConflict`. Either way the change is made once: nothing lost, nothing doubled.
 */
const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

describe('DynamoDB throttling', () => {
  it('is retried by the SDK: a write throttled twice is made once, on its third attempt', async () => {
    const faulty = faultyTable(table, (command, attempt) =>
      command === 'TransactWriteItemsCommand' && attempt <= 2 ? throttled : null,
    );
    const { account, owner } = newAccountWithOwner(ids, now);
    await dynamoFamilyStore(faulty.table).createAccount(account, owner, []);
    expect(faulty.attempts.filter((one) => one.command === 'TransactWriteItemsCommand')).toEqual([
      { command: 'TransactWriteItemsCommand', fault: throttled.type },
      { command: 'TransactWriteItemsCommand', fault: throttled.type },
      { command: 'TransactWriteItemsCommand', fault: null },
    ]);
    const family = await dynamoFamilyStore(table).load(account.uid);
    expect(family?.members.map((member) => member.userUid)).toEqual([owner.userUid]);
  });

  it('past the SDK’s attempts fails the caller and writes nothing', async () => {
    const faulty = faultyTable(table, (command) =>
      command === 'TransactWriteItemsCommand' ? throttled : null,
    );
    const { account, owner } = newAccountWithOwner(ids, now);
    await expect(dynamoFamilyStore(faulty.table).createAccount(account, owner, [])).rejects.toMatchObject({
      name: throttled.type,
    });
    // Every attempt the client allows (DynamoDB's client makes 4 by default), each throttled.
    expect(faulty.attempts).toHaveLength(await faulty.table.doc.config.maxAttempts());
    expect(await dynamoFamilyStore(table).load(account.uid)).toBeNull();
  });
});

describe('a transaction conflict', () => {
  it('is decided again on a fresh read: the pairing moves once, with its events once', async () => {
    const seat = await challengedSeat(table, ids, now);
    const faulty = faultyTable(table, (command, attempt) =>
      command === 'TransactWriteItemsCommand' && attempt === 1 ? transactionConflict(3) : null,
    );
    const id = `evt_${ids.ulid()}`;
    const deps = { ...sessionWorkerDeps(table, now), families: dynamoFamilyStore(faulty.table) };
    expect(await reportStatus(deps, working(seat, id), id)).toBe('handled');
    const writes = faulty.attempts.filter((one) => one.command === 'TransactWriteItemsCommand');
    expect(writes.map((one) => one.fault)).toEqual(['TransactionCanceledException', null]);
    const paired = (await eventsOf(table, seat.accountUid)).filter(
      (item) => item['eventType'] === 'pairing.paired',
    );
    expect(paired).toHaveLength(1);
    expect((await dynamoFamilyStore(table).load(seat.accountUid))?.seats[0]?.pairing?.status).toBe('paired');
    // Its redelivery finds the event handled.
    expect(await reportStatus(deps, working(seat, id), id)).toBe('duplicate');
  });
});
