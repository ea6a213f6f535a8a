import { beforeAll, describe, expect, it } from 'vitest';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoAlertStore } from '../../shared/adapters/dynamo/alert.store';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import type { AlertRecord } from '../../shared/domain/alerts/alert';
import { newSeat, type Seat } from '../../shared/domain/family/seat';
import { seatUidFor } from '../../shared/domain/family/uids';
import type { AlertPageQuery } from '../../shared/ports/alerts';
import { alertOf, seatWithAlerts } from '../support/alerts';
import { newAccountWithOwner } from '../support/family';
import { freshTable, inSmallPages } from '../support/table';

let table: TableAccess;
const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');

const seatIn = (accountUid: string): Seat =>
  newSeat({
    uid: seatUidFor(accountUid, ids.randomPart(16)),
    seatId: ids.ulid(),
    accountUid,
    price: { amount: 1, currency: 'BRL' },
    now,
  });

let accountUid: string;
let seatA: Seat;
let seatB: Seat;
let alerts: AlertRecord[];

beforeAll(async () => {
  table = await freshTable();
  const families = dynamoFamilyStore(table);
  const { account, owner } = newAccountWithOwner(ids, now);
  accountUid = account.uid;
  await families.createAccount(account, owner, []);
  seatA = seatIn(account.uid);
  seatB = seatIn(account.uid);
  await families.addSeat(seatA, []);
  await families.addSeat(seatB, []);
  const ofA = [
    alertOf(ids, seatA, now, { category: 'bullying' }),
    alertOf(ids, seatA, now, { category: 'scam', status: 'resolved' }),
    alertOf(ids, seatA, now, { category: 'drugs', status: 'dismissed' }),
  ];
  const ofB = [
    alertOf(ids, seatB, now, { category: 'bullying' }),
    alertOf(ids, seatB, now, { category: 'scam' }),
  ];
  await families.saveSeat(seatWithAlerts(seatA, ofA), [], {
    alerts: ofA.map((alert) => ({ alert, before: null })),
  });
  await families.saveSeat(seatWithAlerts(seatB, ofB), [], {
    alerts: ofB.map((alert) => ({ alert, before: null })),
  });
  // Another family's alerts never show.
  const other = newAccountWithOwner(ids, now);
  await families.createAccount(other.account, other.owner, []);
  const otherSeat = seatIn(other.account.uid);
  await families.addSeat(otherSeat, []);
  const foreign = alertOf(ids, otherSeat, now);
  await families.saveSeat(seatWithAlerts(otherSeat, [foreign]), [], {
    alerts: [{ alert: foreign, before: null }],
  });
  alerts = [...ofA, ...ofB].toSorted((a, b) => (a.uid < b.uid ? 1 : -1));
});

/** Every page of a filter, walked with the store's pages, and the Query calls they cost. */
const walk = async (filter: Pick<AlertPageQuery, 'status' | 'seatUid'>, limit: number) => {
  const counted = inSmallPages(table, 1000);
  const store = dynamoAlertStore(counted.table);
  const pages: string[][] = [];
  let after: string | null = null;
  for (;;) {
    const page = await store.page({ accountUid, ...filter, limit, after });
    pages.push(page.map((alert) => alert.uid));
    if (page.length < limit) break;
    after = page.at(-1)?.uid ?? null;
  }
  return { pages, queries: counted.read.pages };
};

describe('the alert store', () => {
  it.each([
    ['no filter', { status: null, seatUid: null }],
    ['a status', { status: 'open' as const, seatUid: null }],
    ['a seat', { status: null, seatUid: 'A' }],
    ['a seat and a status', { status: 'open' as const, seatUid: 'B' }],
  ])('pages with %s newest first, one Query per page', async (_, filter) => {
    const seatUid = filter.seatUid === null ? null : filter.seatUid === 'A' ? seatA.uid : seatB.uid;
    const expected = alerts
      .filter(
        (alert) =>
          (filter.status === null || alert.status === filter.status) &&
          (seatUid === null || alert.seatUid === seatUid),
      )
      .map((alert) => alert.uid);
    const { pages, queries } = await walk({ status: filter.status, seatUid }, 2);
    expect(pages.flat()).toEqual(expected);
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(queries).toBe(pages.length);
  });

  it('reads the whole list in one Query when it fits a page', async () => {
    const { pages, queries } = await walk({ status: null, seatUid: null }, 50);
    expect(pages).toEqual([alerts.map((alert) => alert.uid)]);
    expect(queries).toBe(1);
  });

  it('keeps alerts as they were written', async () => {
    const [first] = alerts;
    expect(first).toBeDefined();
    if (first === undefined) return;
    expect(await dynamoAlertStore(table).get(accountUid, first.uid)).toEqual(first);
  });

  it('records an excerpt read: the audit entry and the seat day counter, read back by the family load', async () => {
    const store = dynamoAlertStore(table);
    const [first] = alerts;
    if (first === undefined) throw new Error('no alert');
    const read = { accountUid, seatUid: first.seatUid, alertUid: first.uid, viewerUid: 'usr_x' };
    await store.recordExcerptRead({ ...read, entryId: ids.ulid(), at: now });
    const later = new Date(now.getTime() + 60_000);
    await store.recordExcerptRead({ ...read, entryId: ids.ulid(), at: later });
    const family = await dynamoFamilyStore(table).load(accountUid);
    expect(family?.excerptViews).toEqual([
      { seatUid: first.seatUid, day: '2026-11-22', count: 2, lastAt: later.toISOString() },
    ]);
  });
});
