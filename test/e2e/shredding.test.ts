import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { devSecrets } from '../../localstack/dev-config';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { itemTypes, keys } from '../../shared/adapters/dynamo/keys';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { alertEventRow } from '../../shared/app/alerts/alert-events';
import { stateChangeEvents } from '../../shared/app/seats/state-events';
import type { AlertRecord } from '../../shared/domain/alerts/alert';
import { newSeat, type Seat } from '../../shared/domain/family/seat';
import { seatUidFor } from '../../shared/domain/family/uids';
import { systemClock } from '../../shared/ports/clock';
import { alertOf } from '../support/alerts';
import { eventually } from '../support/eventually';
import { call, newFamily } from './support/api';
import { asPerson, giveConsent, protectedSeat, seatItem, stackTable } from './support/consent';
import { markStream } from './support/table-stream';
import { copiesOf } from './support/copies';
import { awaitLogLines } from './support/logs';
import { pair, sessionsOf, simulate } from './support/pairing';
import { guardianStream, personStream } from './support/streams';
import { seatKeysIn } from '../support/seat-keys';
import { seatKeysTableOf } from '../support/table';

/**
 * Crypto-shredding over the local stack: the person's stop (or the seat's archiving) destroys the
 * seat's data key in the write that records it (its id on the seat, its wrapped copy in the seat
 * keys' table); the content-shredding consumer then deletes the seat's sealed messages and
 * findings. Alerts (metadata only) stay.
 */

const table = stackTable();
const keysTable = seatKeysTableOf(table);
const families = dynamoFamilyStore(table);
const messages = dynamoMessageStore(table);
const seatKeys = localSeatKeys(devSecrets.LOCAL_MASTER_KEY);
const dataKeys = seatKeysIn(table, keysTable, seatKeys);
const ids = cryptoIds();
const deps = { ids, clock: systemClock };

const seatOf = async (accountUid: string, seatUid: string): Promise<Seat> => {
  const seat = (await families.load(accountUid))?.seats.find((one) => one.uid === seatUid);
  if (seat === undefined) throw new Error(`no seat ${seatUid}`);
  return seat;
};

/** Messages sealed with the seat's real key, as the session-events worker keeps them, and a finding. */
const sealMessages = async (seat: Seat, count: number, text = 'mensagem') => {
  const dataKey = await dataKeys.open(seat);
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  for (let index = 0; index < count; index += 1) {
    const messageId = `msg-${index}`;
    await messages.putIfAbsent(
      {
        seatId: seat.seatId,
        messageId,
        chat: 'chat-hash',
        fromMe: index % 2 === 0,
        sentAt: new Date(Date.now() + index).toISOString(),
        sealed: aesGcmContentSeal.seal(dataKey, { seatId: seat.seatId, messageId }, `${text} ${index}`),
      },
      expires,
    );
  }
  await table.doc.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...keys.finding(seat.seatId, 'msg-0', 'bullying'), type: itemTypes.finding, ttl: expires },
    }),
  );
};

const contentOf = async (seatId: string) =>
  (
    await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.sealedMessagePartition(seatId) },
      }),
    )
  ).Items ?? [];

const contentGone = (seatId: string) =>
  eventually(
    () => contentOf(seatId),
    (items) => items.length === 0,
    `no SEATMSG#${seatId} item left`,
    15_000,
  );

/** An open alert on the seat, written as the analysis writes it: with its events, in one transaction. */
const openAlert = async (seat: Seat): Promise<AlertRecord> => {
  const now = new Date();
  const alert = alertOf(ids, seat, now, {
    severity: 'high',
    carryingMessages: [{ messageId: 'msg-0', sentAt: now.toISOString() }],
  });
  const opened = { ...seat, openAlerts: [alert] };
  await families.saveSeat(
    opened,
    [
      alertEventRow(deps, 'workers', seat, {
        type: 'alert.opened',
        payload: { alertUid: alert.uid, category: alert.category, severity: alert.severity },
      }),
      ...stateChangeEvents(deps, seat, opened, 'workers'),
    ],
    { alerts: [{ alert, before: null }] },
  );
  return alert;
};

/** The seat's wrapped key, as the seat keys' table holds it (nothing once destroyed). */
const wrappedKeyItem = async (seatId: string) =>
  (
    await table.doc.send(
      new GetCommand({ TableName: keysTable.tableName, Key: { seatId }, ConsistentRead: true }),
    )
  ).Item;

const alertItem = async (accountUid: string, alertUid: string) =>
  (
    await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.alert(accountUid, alertUid) }),
    )
  ).Item;

describe('crypto-shredding', () => {
  it('the person stops: the key is gone in the stop’s own write, then the content; the alert stays', async () => {
    const family = await protectedSeat();
    const seat = await seatOf(family.accountUid, family.seatUid);
    await sealMessages(seat, 30);
    const alert = await openAlert(seat);
    expect(await contentOf(seat.seatId)).toHaveLength(31);

    expect(await wrappedKeyItem(seat.seatId)).toMatchObject({ dataKeyId: seat.dataKeyId });
    expect((await asPerson('POST', `/consent-requests/${family.linkToken}/stop`)).status).toBe(200);
    // One write did both: the consent revoked by the person, the key's id gone from the seat and
    // its wrapped copy from the seat keys' table.
    const item = await seatItem(family.accountUid, family.seatUid);
    expect(item['dataKeyId']).toBeNull();
    expect(item['consent']).toMatchObject({ status: 'revoked', revokedBy: 'dependent' });
    expect(await wrappedKeyItem(seat.seatId)).toBeUndefined();

    await contentGone(seat.seatId);
    expect(await alertItem(family.accountUid, alert.uid)).toMatchObject({ status: 'open' });
  });

  it('a new consent after a stop gets a new key; the old one stays destroyed', async () => {
    const family = await protectedSeat();
    const { seatId, dataKeyId: first } = await seatItem(family.accountUid, family.seatUid);
    expect(first).toEqual(expect.any(String));
    expect((await asPerson('POST', `/consent-requests/${family.linkToken}/stop`)).status).toBe(200);
    // The resend waits a little in the test stack.
    const resent = await eventually(
      () => call('POST', `/seats/${family.seatUid}/consent-request/resend`, { token: family.owner.token }),
      (answer) => answer.status === 201,
      'the resend to open again',
      15_000,
    );
    const link = resent.body.data.seat.consent.link as string;
    await giveConsent(link.split('/c/')[1] ?? '');
    const second = (await seatItem(family.accountUid, family.seatUid))['dataKeyId'];
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    expect(await wrappedKeyItem(String(seatId))).toMatchObject({ dataKeyId: second });
  });

  it('archiving a seat that holds a key destroys it, then the content; the alert stays', async () => {
    // The stream is read from here: every copy this test could leave is written after it.
    const since = await markStream();
    const { accountUid, owner } = await newFamily();
    // A pending seat that still holds a key and content (no route leads there; kept data might).
    const keyed = newSeat({
      uid: seatUidFor(accountUid, ids.randomPart(16)),
      seatId: ids.ulid(),
      accountUid,
      price: { amount: 1, currency: 'BRL' },
      now: new Date(),
    });
    await families.addSeat(keyed, []);
    const seat = await dataKeys.keyed(await seatOf(accountUid, keyed.uid), ids);
    const marker = `tapir${randomBytes(6).toString('hex')}`;
    await sealMessages(seat, 3, marker);
    const alert = await openAlert(seat);
    const wrapped = String((await wrappedKeyItem(seat.seatId))?.['wrappedKey']);
    // Before: the key's one copy is in the seat keys' table; the text is nowhere readable.
    expect(await copiesOf([marker, wrapped], since)).toEqual([`seat keys table: ${seat.seatId}`]);

    expect((await call('DELETE', `/seats/${seat.uid}`, { token: owner.token })).status).toBe(204);
    const item = await seatItem(accountUid, seat.uid);
    expect(item).toMatchObject({ status: 'archived', dataKeyId: null });
    expect(await wrappedKeyItem(seat.seatId)).toBeUndefined();
    await contentGone(seat.seatId);
    expect(await alertItem(accountUid, alert.uid)).toMatchObject({ status: 'open' });
    expect(await copiesOf([marker, wrapped], since)).toEqual([]);
  });
});

describe('after the person stops, nothing anywhere opens their content', () => {
  it('no table, stream, queue, dead letter or kept body holds their messages’ text or the seat’s key; the provider deletes their session though it refused the first deletes', async () => {
    const since = await markStream();
    const marker = `okapi${randomBytes(6).toString('hex')}`;
    const family = await protectedSeat();
    const session = await pair(family);
    const seat = await seatOf(family.accountUid, family.seatUid);
    const wrapped = String((await wrappedKeyItem(seat.seatId))?.['wrappedKey']);
    // The key's one copy is in the seat keys' table: not on the seat, not in the table's stream.
    expect(await copiesOf([wrapped], since)).toEqual([`seat keys table: ${seat.seatId}`]);

    // Through the provider's webhook: a message that fits a queue message, and one kept aside in the
    // body store for being too large for one (over 256 KB once encoded; its sealed item still under
    // DynamoDB's 400 KB). Each comes once, as `message.any` (the one event sessions subscribe to).
    const contact = '5511912345678@c.us';
    await simulate(session, 'messages', { from: contact, body: `oi ${marker} #risk:grooming:high` });
    await simulate(session, 'messages', { from: contact, body: `${marker} ${'e'.repeat(199_000)}` });
    const handled = await awaitLogLines<{ session: string; event: string; outcome: string }>(
      'session_event.handled',
      (line) => line.session === session && line.event.startsWith('message'),
      2,
      20_000,
    );
    expect(handled.map((line) => [line.event, line.outcome])).toEqual([
      ['message.any', 'ingested'],
      ['message.any', 'ingested'],
    ]);
    expect(await contentOf(seat.seatId)).not.toEqual([]);

    await simulate(session, 'delete-refusals', { count: 2 });
    expect((await asPerson('POST', `/consent-requests/${family.linkToken}/stop`)).status).toBe(200);
    await contentGone(seat.seatId);
    // The provider refused twice (503); the worker asked again until it was gone.
    const refused = await awaitLogLines<{ session: string; cause: string }>(
      'session_end.failed',
      (line) => line.session === session,
      2,
      20_000,
    );
    expect(refused.map((line) => line.cause)).toEqual(['status_503', 'status_503']);
    await awaitLogLines<{ session: string }>(
      'session_end.done',
      (line) => line.session === session,
      1,
      20_000,
    );
    expect(await sessionsOf(family.seatUid)).toEqual([]);

    expect(await copiesOf([marker, wrapped], since)).toEqual([]);
  }, 90_000);
});

describe('the person’s stream', () => {
  it('never carries an alert, nor a state that speaks of one', async () => {
    const family = await protectedSeat();
    const person = await personStream(family.linkToken);
    const guardian = await guardianStream(family.owner.token, family.accountUid);
    try {
      const seat = await seatOf(family.accountUid, family.seatUid);
      await openAlert(seat);
      // The guardians hear of it: the alert and the seat that now needs them.
      await guardian.until(
        (events) =>
          events.some((event) => event.type === 'alert.opened') &&
          events.some(
            (event) => event.type === 'seat.state_changed' && event.payload['state'] === 'needs_you',
          ),
        'the alert on the account’s stream',
      );
      // Something the person does see still reaches them, after the alert.
      expect((await asPerson('POST', `/consent-requests/${family.linkToken}/stop`)).status).toBe(200);
      await person.until(
        (events) =>
          events.some((event) => event.type === 'seat.state_changed' && event.payload['state'] === 'stopped'),
        'the stop on the person’s stream',
      );
      expect(person.events.filter((event) => event.type.startsWith('alert.'))).toEqual([]);
      expect(
        person.events.filter(
          (event) => event.type === 'seat.state_changed' && event.payload['state'] === 'needs_you',
        ),
      ).toEqual([]);
      // The person's own view never says it either.
      const view = await asPerson('GET', `/consent-requests/${family.linkToken}/protection`);
      expect(JSON.stringify(view.body)).not.toContain('needs_you');
    } finally {
      person.close();
      guardian.close();
    }
  });

  it('shows the state without the seat’s alerts on the person’s protection view', async () => {
    const family = await protectedSeat();
    await openAlert(await seatOf(family.accountUid, family.seatUid));
    const guardians = await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token });
    expect(guardians.body.data.protection).toMatchObject({ state: 'needs_you', reason: 'alert_open' });
    const view = await asPerson('GET', `/consent-requests/${family.linkToken}/protection`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ state: 'ready_to_connect', reason: null });
  });
});
