import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { dynamoAlertStore } from '../../shared/adapters/dynamo/alert.store';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoRateLimiter } from '../../shared/adapters/dynamo/rate-limiter';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { dismissAlert, listAlerts, resolveAlert } from '../../shared/app/alerts/alerts';
import { readAlertExcerpt, type ExcerptDeps } from '../../shared/app/alerts/excerpt';
import type { Settings } from '../../shared/app/deps';
import { ServiceError } from '../../shared/domain/errors';
import { seedAlerts } from '../support/alerts';
import { seatWithPairing } from '../support/seats';
import { seatKeysIn } from '../support/seat-keys';
import { freshTable, seatKeysTableOf } from '../support/table';
import { recordedMetrics } from '../../shared/adapters/metrics/recorded-metrics';

let table: TableAccess;
let deps: ExcerptDeps;
const metrics = recordedMetrics();
const ids = cryptoIds();
const seatKeys = localSeatKeys(Buffer.alloc(32, 7).toString('base64'));
let clockNow = new Date('2026-11-22T10:00:00Z');
const clock = { now: () => clockNow };

beforeAll(async () => {
  table = await freshTable();
  deps = {
    families: dynamoFamilyStore(table),
    alerts: dynamoAlertStore(table),
    messages: dynamoMessageStore(table),
    seatKeys,
    wrappedKeys: dynamoWrappedKeys(seatKeysTableOf(table)),
    contentSeal: aesGcmContentSeal,
    rateLimiter: dynamoRateLimiter(table, hmacHasher('integration-hash-key'), clock),
    clock,
    ids,
    settings: { rates: { excerptPerGuardian: { limit: 30, windowSeconds: 60 } } } as Settings,
    metrics,
  };
});

/** A family whose seat has its data key, and its owner as the caller. */
const keyedFamily = async () => {
  const seat = await seatWithPairing(table, ids, clockNow, { status: 'paired' });
  const keyed = await seatKeysIn(table, seatKeysTableOf(table), seatKeys).keyed(seat, ids);
  const family = await deps.families.load(seat.accountUid);
  const owner = family?.members[0];
  if (owner === undefined) throw new Error('no owner');
  return {
    seat: keyed,
    caller: { userUid: owner.userUid },
    where: { accountUid: seat.accountUid, seatUid: seat.uid },
  };
};

const codeOf = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    return error instanceof ServiceError ? error.code : String(error);
  }
  return 'no error';
};

describe('the alert list', () => {
  it('pages with each filter, counts per status from the seats, and refuses a cursor reused elsewhere', async () => {
    const { caller, where } = await keyedFamily();
    await seedAlerts(table, seatKeys, ids, where, [
      { category: 'bullying' },
      { category: 'scam', status: 'resolved' },
      { category: 'drugs', status: 'dismissed' },
      { category: 'hate' },
    ]);
    const first = await listAlerts(deps, caller, where.accountUid, { limit: 3 });
    expect(first.data.map((alert) => alert.category)).toEqual(['hate', 'drugs', 'scam']);
    expect(first.counts).toEqual({ open: 2, resolved: 1, dismissed: 1 });
    expect(first.nextCursor).not.toBeNull();
    const second = await listAlerts(deps, caller, where.accountUid, {
      limit: 3,
      cursor: first.nextCursor ?? '',
    });
    expect(second.data.map((alert) => alert.category)).toEqual(['bullying']);
    expect(second.nextCursor).toBeNull();
    expect(second.data[0]).not.toHaveProperty('carryingMessages');

    const open = await listAlerts(deps, caller, where.accountUid, { limit: 50, status: 'open' });
    expect(open.data.map((alert) => alert.category)).toEqual(['hate', 'bullying']);
    expect(open.counts).toEqual({ open: 2, resolved: 1, dismissed: 1 });
    const ofSeat = await listAlerts(deps, caller, where.accountUid, {
      limit: 50,
      seatUid: where.seatUid,
      status: 'resolved',
    });
    expect(ofSeat.data.map((alert) => alert.category)).toEqual(['scam']);

    expect(
      await codeOf(listAlerts(deps, caller, where.accountUid, { limit: 2, cursor: first.nextCursor ?? '' })),
    ).toBe('BAD_REQUEST');
    expect(
      await codeOf(
        listAlerts(deps, caller, where.accountUid, {
          limit: 3,
          status: 'open',
          cursor: first.nextCursor ?? '',
        }),
      ),
    ).toBe('BAD_REQUEST');
    expect(
      await codeOf(listAlerts(deps, caller, where.accountUid, { limit: 3, cursor: 'not-a-cursor' })),
    ).toBe('BAD_REQUEST');

    const other = await keyedFamily();
    expect(await codeOf(listAlerts(deps, other.caller, where.accountUid, { limit: 3 }))).toBe('NOT_FOUND');
    expect(
      await codeOf(listAlerts(deps, caller, where.accountUid, { limit: 3, seatUid: other.where.seatUid })),
    ).toBe('NOT_FOUND');
  });
});

describe('deciding an alert', () => {
  it('resolves or dismisses an open alert once, moves it off the seat, and writes its event', async () => {
    const { caller, where } = await keyedFamily();
    const [bullying, scam] = await seedAlerts(table, seatKeys, ids, where, [
      { category: 'bullying' },
      { category: 'scam' },
    ]);
    if (bullying === undefined || scam === undefined) throw new Error('not seeded');

    const resolved = await resolveAlert(deps, caller, bullying.uid);
    expect(resolved).toMatchObject({
      uid: bullying.uid,
      status: 'resolved',
      decidedBy: caller.userUid,
      decidedAt: clockNow.toISOString(),
    });
    expect(resolved).not.toHaveProperty('carryingMessages');
    expect(await codeOf(resolveAlert(deps, caller, bullying.uid))).toBe('ALERT_NOT_OPEN');
    expect(await codeOf(dismissAlert(deps, caller, bullying.uid))).toBe('ALERT_NOT_OPEN');
    expect((await dismissAlert(deps, caller, scam.uid)).status).toBe('dismissed');

    const seat = (await deps.families.load(where.accountUid))?.seats[0];
    expect(seat?.openAlerts).toEqual([]);
    expect(seat?.decidedAlerts).toEqual({ resolved: 1, dismissed: 1 });
    expect((await deps.alerts.get(where.accountUid, bullying.uid))?.status).toBe('resolved');
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `EVENTS#${where.accountUid}` },
      }),
    );
    const alertEvents = Items.filter((item) => String(item['eventType']).startsWith('alert.'));
    expect(alertEvents.map((item) => [item['eventType'], item['payload']])).toEqual([
      ['alert.resolved', { alertUid: bullying.uid }],
      ['alert.dismissed', { alertUid: scam.uid }],
    ]);
    // The account's stream only: for guardians, never on the person's nor in the seat's own index.
    expect(
      alertEvents.every((item) => item['audience'] === 'guardians' && item['GSI1PK'] === undefined),
    ).toBe(true);

    const other = await keyedFamily();
    const [foreign] = await seedAlerts(table, seatKeys, ids, other.where, [{ category: 'drugs' }]);
    expect(await codeOf(resolveAlert(deps, caller, foreign?.uid ?? ''))).toBe('NOT_FOUND');
    expect(await codeOf(resolveAlert(deps, caller, 'al_unknown'))).toBe('NOT_FOUND');
  });
});

describe('the minimal excerpt', () => {
  it('opens the 3 most recent carrying messages, masked and cut, and audits the read', async () => {
    const { caller, where } = await keyedFamily();
    const long = `${'palavra '.repeat(50)}fim`;
    const [alert] = await seedAlerts(table, seatKeys, ids, where, [
      {
        category: 'scam',
        messages: [
          { text: 'the oldest, left out' },
          { text: 'me liga no +55 11 98765-4321 ou ana@example.com', fromMe: false },
          { text: 'ok', fromMe: true },
          { text: long },
        ],
      },
    ]);
    if (alert === undefined) throw new Error('not seeded');
    // Four carrying messages: the oldest is left out of the excerpt.
    const readsBefore = metrics.counts.ExcerptReads ?? 0;
    const excerpt = await readAlertExcerpt(deps, caller, alert.uid);
    // Counted once, as a number only.
    expect(metrics.counts.ExcerptReads).toBe(readsBefore + 1);
    expect(excerpt.alertUid).toBe(alert.uid);
    expect(excerpt.messages.map((message) => message.from)).toEqual(['contact', 'dependent', 'contact']);
    expect(excerpt.messages[0]?.text).toBe('me liga no [phone] ou [email]');
    expect(Array.from(excerpt.messages[2]?.text ?? '').length).toBeLessThanOrEqual(280);
    expect(excerpt.messages[2]?.text.endsWith('…')).toBe(true);

    const month = clockNow.toISOString().slice(0, 7);
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${month}` },
      }),
    );
    const entry = Items.find((item) => item['alertUid'] === alert.uid);
    expect(entry).toMatchObject({
      action: 'alert.excerpt_viewed',
      actorUserUid: caller.userUid,
      at: clockNow.toISOString(),
    });
    expect(JSON.stringify(Items)).not.toContain('liga');
    const family = await deps.families.load(where.accountUid);
    expect(family?.excerptViews).toEqual([
      { seatUid: where.seatUid, day: '2026-11-22', count: 1, lastAt: clockNow.toISOString() },
    ]);
  });

  it('answers 429 after 30 reads a minute, per guardian, before any lookup', async () => {
    const { caller, where } = await keyedFamily();
    const [alert] = await seedAlerts(table, seatKeys, ids, where, [{ messages: [{ text: 'oi' }] }]);
    clockNow = new Date('2026-11-23T10:00:00Z');
    for (let read = 0; read < 30; read += 1) await readAlertExcerpt(deps, caller, alert?.uid ?? '');
    const refused = await readAlertExcerpt(deps, caller, 'al_never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).code).toBe('RATE_LIMITED');
    expect((refused as ServiceError).details?.['retryAfterSeconds']).toBeGreaterThan(0);
    const family = await deps.families.load(where.accountUid);
    expect(family?.excerptViews).toEqual([
      { seatUid: where.seatUid, day: '2026-11-23', count: 30, lastAt: clockNow.toISOString() },
    ]);
  });

  it('answers SEAT_KEY_GONE once the seat key is destroyed, EXCERPT_GONE once the messages are', async () => {
    const { caller, where, seat } = await keyedFamily();
    const [gone, kept] = await seedAlerts(table, seatKeys, ids, where, [
      {
        category: 'drugs',
        carryingMessages: [{ messageId: 'msg-never-kept', sentAt: clockNow.toISOString() }],
      },
      { category: 'scam', messages: [{ text: 'still here' }] },
    ]);
    expect(await codeOf(readAlertExcerpt(deps, caller, gone?.uid ?? ''))).toBe('EXCERPT_GONE');
    const current = (await deps.families.load(where.accountUid))?.seats.find((one) => one.uid === seat.uid);
    if (current === undefined) throw new Error('no seat');
    await seatKeysIn(table, seatKeysTableOf(table), seatKeys).unkeyed(current);
    expect(await codeOf(readAlertExcerpt(deps, caller, kept?.uid ?? ''))).toBe('SEAT_KEY_GONE');
    const { Item } = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { PK: `ALERTS#${where.accountUid}`, SK: `ALERT#${kept?.uid}` },
      }),
    );
    expect(Item?.['status']).toBe('open');
  });
});
