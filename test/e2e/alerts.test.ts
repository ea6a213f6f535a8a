import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { devSecrets } from '../../localstack/dev-config';
import { seedAlerts } from '../support/alerts';
import { seatKeysIn } from '../support/seat-keys';
import { seatKeysTableOf } from '../support/table';
import { call } from './support/api';
import { asPerson, protectedSeat, stackTable } from './support/consent';
import { fromTheStart, guardianStream } from './support/streams';

/** The local stack's own seat keys: what it sealed, these open, and the other way round. */
const seatKeys = localSeatKeys(devSecrets.LOCAL_MASTER_KEY);
const ids = cryptoIds();

type Family = Awaited<ReturnType<typeof protectedSeat>>;
const seed = (family: Family, specs: Parameters<typeof seedAlerts>[4]) =>
  seedAlerts(stackTable(), seatKeys, ids, { accountUid: family.accountUid, seatUid: family.seatUid }, specs);
const list = (family: Family, query = '') =>
  call('GET', `/accounts/${family.accountUid}/alerts${query}`, { token: family.owner.token });
const excerpt = (family: Family, alertUid: string) =>
  call('POST', `/alerts/${alertUid}/excerpt`, { token: family.owner.token, body: {} });

describe('the alert list', () => {
  it('pages newest first with each filter and the counts, and refuses a bad limit or cursor', async () => {
    const family = await protectedSeat();
    await seed(family, [
      { category: 'bullying' },
      { category: 'scam', status: 'resolved' },
      { category: 'drugs', status: 'dismissed' },
      { category: 'hate' },
      { category: 'violence', status: 'resolved' },
    ]);
    const counts = { open: 2, resolved: 2, dismissed: 1 };

    const first = await list(family, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((alert: { category: string }) => alert.category)).toEqual([
      'violence',
      'hate',
    ]);
    expect(first.body.counts).toEqual(counts);
    const categories: string[] = [];
    let answer = first;
    for (;;) {
      categories.push(...answer.body.data.map((alert: { category: string }) => alert.category));
      if (answer.body.nextCursor === null) break;
      answer = await list(family, `?limit=2&cursor=${answer.body.nextCursor}`);
      expect(answer.status).toBe(200);
    }
    expect(categories).toEqual(['violence', 'hate', 'drugs', 'scam', 'bullying']);

    const byStatus = await list(family, '?status=resolved');
    expect(byStatus.body.data.map((alert: { category: string }) => alert.category)).toEqual([
      'violence',
      'scam',
    ]);
    expect(byStatus.body.nextCursor).toBeNull();
    expect(byStatus.body.counts).toEqual(counts);
    const bySeat = await list(family, `?seatUid=${family.seatUid}`);
    expect(bySeat.body.data).toHaveLength(5);
    const both = await list(family, `?seatUid=${family.seatUid}&status=open`);
    expect(both.body.data.map((alert: { category: string }) => alert.category)).toEqual(['hate', 'bullying']);
    expect(both.body.data[0]).not.toHaveProperty('carryingMessages');

    for (const limit of ['0', '101', 'ten']) {
      const refused = await list(family, `?limit=${limit}`);
      expect([refused.status, refused.body.error.code]).toEqual([400, 'VALIDATION']);
    }
    for (const cursor of ['broken', first.body.nextCursor as string]) {
      const refused = await list(family, `?limit=3&cursor=${cursor}`);
      expect([refused.status, refused.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
    const stranger = await protectedSeat();
    const foreign = await call('GET', `/accounts/${family.accountUid}/alerts`, {
      token: stranger.owner.token,
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('deciding an alert', () => {
  it('resolves and dismisses once, on the account stream, and the seat leaves needs_you', async () => {
    const family = await protectedSeat();
    const [bullying, scam] = await seed(family, [{ category: 'bullying' }, { category: 'scam' }]);
    const card = await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token });
    expect(card.body.data.protection).toMatchObject({
      state: 'needs_you',
      reason: 'alert_open',
      action: 'review_alert',
    });

    const resolved = await call('POST', `/alerts/${bullying?.uid}/resolve`, {
      token: family.owner.token,
      body: {},
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ uid: bullying?.uid, status: 'resolved' });
    const again = await call('POST', `/alerts/${bullying?.uid}/dismiss`, {
      token: family.owner.token,
      body: {},
    });
    expect([again.status, again.body.error.code]).toEqual([422, 'ALERT_NOT_OPEN']);
    const twice = await call('POST', `/alerts/${bullying?.uid}/resolve`, { token: family.owner.token });
    expect([twice.status, twice.body.error.code]).toEqual([422, 'ALERT_NOT_OPEN']);
    const dismissed = await call('POST', `/alerts/${scam?.uid}/dismiss`, {
      token: family.owner.token,
      body: {},
    });
    expect(dismissed.body.data).toMatchObject({ uid: scam?.uid, status: 'dismissed' });

    const stranger = await protectedSeat();
    const foreign = await call('POST', `/alerts/${scam?.uid}/resolve`, {
      token: stranger.owner.token,
      body: {},
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);

    const stream = await guardianStream(family.owner.token, family.accountUid, fromTheStart);
    const dismissedAt = (events: { type: string }[]) =>
      events.findIndex((event) => event.type === 'alert.dismissed');
    await stream.until(
      (events) => dismissedAt(events) >= 0 && events.length > dismissedAt(events) + 1,
      'the decisions on the account stream',
    );
    const decisions = stream.events.filter((event) => event.type.startsWith('alert.'));
    expect(decisions.map((event) => [event.type, event.payload])).toEqual([
      ['alert.resolved', { alertUid: bullying?.uid }],
      ['alert.dismissed', { alertUid: scam?.uid }],
    ]);
    // Resolving the first left the second open; dismissing it ends needs_you, in the same write.
    const left = stream.events[dismissedAt(stream.events) + 1];
    expect(left?.type).toBe('seat.state_changed');
    expect(left?.payload['state']).not.toBe('needs_you');
    stream.close();
    const counts = await list(family);
    expect(counts.body.counts).toEqual({ open: 0, resolved: 1, dismissed: 1 });
  });
});

describe('the minimal excerpt', () => {
  it('shows at most 3 messages, masked and cut, audited, and counted on the person’s view', async () => {
    const family = await protectedSeat();
    const before = await asPerson('GET', `/consent-requests/${family.linkToken}/protection`);
    expect(before.body.data.excerptViews).toEqual({ count30d: 0, lastAt: null });
    const long = `${'conversa '.repeat(40)}fim`;
    const [alert] = await seed(family, [
      {
        category: 'scam',
        messages: [
          { text: 'the oldest one' },
          { text: 'me chama no 11 98765-4321 ou bia@example.com' },
          { text: 'não', fromMe: true },
          { text: long },
        ],
      },
    ]);
    const read = await excerpt(family, alert?.uid ?? '');
    expect(read.status).toBe(200);
    expect(read.body.data.alertUid).toBe(alert?.uid);
    expect(read.body.data.messages.map((message: { from: string }) => message.from)).toEqual([
      'contact',
      'dependent',
      'contact',
    ]);
    expect(read.body.data.messages[0].text).toBe('me chama no [phone] ou [email]');
    expect(Array.from(read.body.data.messages[2].text as string).length).toBeLessThanOrEqual(280);
    expect(read.body.data.messages[2].text).toMatch(/…$/);

    const month = new Date().toISOString().slice(0, 7);
    const { Items = [] } = await stackTable().doc.send(
      new QueryCommand({
        TableName: stackTable().tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${month}` },
      }),
    );
    expect(Items.filter((item) => item['alertUid'] === alert?.uid)).toEqual([
      expect.objectContaining({ action: 'alert.excerpt_viewed', alertUid: alert?.uid }),
    ]);
    expect(JSON.stringify(Items)).not.toContain('chama');

    const after = await asPerson('GET', `/consent-requests/${family.linkToken}/protection`);
    expect(after.body.data.excerptViews.count30d).toBe(1);
    expect(Date.parse(after.body.data.excerptViews.lastAt as string)).toBeGreaterThan(0);
    expect(JSON.stringify(after.body)).not.toContain(alert?.uid);
  });

  it('answers 429 with Retry-After after 30 reads a minute, before looking the alert up', async () => {
    const family = await protectedSeat();
    const [alert] = await seed(family, [{ messages: [{ text: 'oi' }] }]);
    for (let read = 0; read < 30; read += 1)
      expect((await excerpt(family, alert?.uid ?? '')).status).toBe(200);
    const refused = await excerpt(family, 'al_unknown');
    expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.error.details.retryAfterSeconds));
  });

  it('answers EXCERPT_GONE without the messages and SEAT_KEY_GONE without the key; another family’s alert is 404', async () => {
    const family = await protectedSeat();
    const [gone, kept] = await seed(family, [
      { category: 'drugs', carryingMessages: [{ messageId: 'msg-gone', sentAt: new Date().toISOString() }] },
      { category: 'scam', messages: [{ text: 'still kept' }] },
    ]);
    const past = await excerpt(family, gone?.uid ?? '');
    expect([past.status, past.body.error.code]).toEqual([422, 'EXCERPT_GONE']);
    const stranger = await protectedSeat();
    const foreign = await excerpt(stranger, kept?.uid ?? '');
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);

    const families = dynamoFamilyStore(stackTable());
    const seat = (await families.load(family.accountUid))?.seats.find((one) => one.uid === family.seatUid);
    if (seat === undefined) throw new Error('no seat');
    await seatKeysIn(stackTable(), seatKeysTableOf(stackTable()), seatKeys).unkeyed(seat);
    const shredded = await excerpt(family, kept?.uid ?? '');
    expect([shredded.status, shredded.body.error.code]).toEqual([422, 'SEAT_KEY_GONE']);
    expect((await list(family)).body.data).toHaveLength(2);
  });
});
