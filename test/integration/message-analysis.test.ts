import { providerAnswering } from '../support/session-provider-calls';
import { QueryCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoInbox } from '../../shared/adapters/dynamo/inbox.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { sessionEventBatch, type WorkerDeps } from '../../shared/app/session-batch';
import type { BatchMemory } from '../../shared/app/alerts/analyse-message';
import { reportMessage } from '../support/session-worker';
import type { AnalysisWindow } from '../../shared/domain/analysis/window';
import type { Member } from '../../shared/domain/family/member';
import type { Seat } from '../../shared/domain/family/seat';
import { parseConfig } from '../../shared/config/config';
import { AnalysisUnavailable, type Analyzer } from '../../shared/ports/analyzer';
import { useCaseSettingsFrom } from '../../functions/composition/settings';
import { freshTable, seatKeysTableOf } from '../support/table';
import { seatKeysIn } from '../support/seat-keys';
import { historyDeps } from '../support/history';
import { protectedSeat, seatWithPairing } from '../support/seats';
import { runAs } from '../../localstack/table-guard';
import { guardTableCallsOfThisFile } from '../support/table-guard';

// The worker's table calls are checked against its row's grants, as IAM checks them in AWS.
guardTableCallsOfThisFile();

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
const hasher = hmacHasher('analysis-hash-key');
const seatKeys = localSeatKeys(Buffer.alloc(32, 9).toString('base64'));
const contact = '5521998765432@c.us';
const own = '5511987654321@c.us';
const unused = () => Promise.reject(new Error('not expected here'));

/** The sandbox rules, counting the windows they read. */
const sandbox = () => {
  const windows: AnalysisWindow[] = [];
  const rules = rulesAnalyzer({ sandboxMarker: true });
  const analyzer: Analyzer = {
    assess: (window) => {
      windows.push(window);
      return rules.assess(window);
    },
  };
  return { analyzer, windows };
};

/** The worker's deps over the table, with the notifications delivered collected. */
const workerDeps = (analyzer: Analyzer, on: TableAccess = table) => {
  const delivered: { type: string; severity: string; recipients: string[] }[] = [];
  const deps: WorkerDeps = {
    families: dynamoFamilyStore(on),
    ids,
    clock: { now: () => now },
    hasher,
    settings: useCaseSettingsFrom(parseConfig({ TABLE_NAME: on.tableName })),
    notifier: {
      deliver: async (notification, recipients) =>
        void delivered.push({
          type: notification.type,
          severity: notification.severity,
          recipients: recipients.map((one) => one.userUid),
        }),
    },
    notificationSettings: dynamoNotificationSettings(on),
    analyzer,
    contentSeal: aesGcmContentSeal,
    messages: dynamoMessageStore(on),
    seatKeys,
    wrappedKeys: dynamoWrappedKeys(seatKeysTableOf(on)),
    sessionEnds: { send: unused },
    sessions: providerAnswering(),
    reconnects: { schedule: unused, cancel: unused },
    trialEndings: { schedule: unused, cancel: unused },
    ...historyDeps(table).deps,
  };
  return { deps, delivered };
};

/** A protected seat whose family has two members (every member is told of an alert). */
const family = async (fields: Partial<Seat> = {}) => {
  const seat = await protectedSeat(table, ids, now, seatKeys, fields);
  const families = dynamoFamilyStore(table);
  const loaded = await families.load(seat.accountUid);
  const second: Member = {
    accountUid: seat.accountUid,
    userUid: ids.uid('usr'),
    role: 'guardian',
    relationship: null,
    email: 'g@example.com',
    joinedAt: now.toISOString(),
    version: 0,
  };
  await families.addMember(loaded!.account, second, null, []);
  const owner = loaded!.members[0]!.userUid;
  return { seat, members: [owner, second.userUid].sort() };
};

interface Sent {
  event?: string;
  id?: string;
  from?: string | null;
  to?: string | null;
  fromMe?: boolean;
  body?: string | null;
  timestamp?: number;
}

/** A provider event of the seat's session carrying one message. */
const messageEvent = (seat: Seat, sent: Sent = {}) => {
  const eventId = `evt_${ids.ulid()}`;
  const body = JSON.stringify({
    id: eventId,
    event: sent.event ?? 'message',
    session: seat.pairing?.sessionName,
    metadata: { seatUid: seat.uid },
    me: { id: own },
    payload: {
      id: sent.id ?? `false_${contact}_${ids.ulid()}`,
      timestamp: sent.timestamp ?? Math.floor(now.getTime() / 1000),
      from: sent.from === undefined ? contact : sent.from,
      to: sent.to === undefined ? own : sent.to,
      fromMe: sent.fromMe ?? false,
      body: sent.body === undefined ? 'oi, tudo bem?' : sent.body,
      hasMedia: false,
    },
  });
  return { eventId, body };
};

const handle = (deps: WorkerDeps, event: { eventId: string; body: string }, memory?: BatchMemory) =>
  runAs('sessionEvents', () => reportMessage(deps, event.body, memory));

const query = async (pk: string) =>
  (
    await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    )
  ).Items ?? [];

const eventsOf = async (seat: Seat) =>
  (await query(`EVENTS#${seat.accountUid}`)).map((item) => ({
    type: item['eventType'] as string,
    seatId: item['seatId'] as string | null,
    audience: item['audience'] as string | undefined,
    payload: item['payload'] as Record<string, unknown>,
  }));

const messagePartition = (seat: Seat) => query(`SEATMSG#${seat.seatId}`);
const seatNow = async (seat: Seat) =>
  (await dynamoFamilyStore(table).load(seat.accountUid))!.seats.find((one) => one.uid === seat.uid)!;

describe('a protected seat’s message, from the worker to alerts', () => {
  it('opens one alert on a marked message, with its event, the state change and every member’s inbox entry', async () => {
    const { seat, members } = await family();
    const { analyzer, windows } = sandbox();
    const { deps, delivered } = workerDeps(analyzer);
    const sent = messageEvent(seat, { body: 'você é ridículo #risk:bullying:medium' });
    expect(await handle(deps, sent)).toBe('ingested');
    expect(windows).toHaveLength(1);

    const after = await seatNow(seat);
    expect(after.openAlerts).toHaveLength(1);
    const alert = after.openAlerts[0]!;
    expect(alert).toMatchObject({
      category: 'bullying',
      severity: 'medium',
      status: 'open',
      findingsCount: 1,
      source: 'live',
    });
    const events = await eventsOf(seat);
    expect(events.filter((event) => event.type === 'alert.opened')).toEqual([
      {
        type: 'alert.opened',
        // It names its seat, for guardians only: no person's stream carries it.
        seatId: seat.seatId,
        audience: 'guardians',
        payload: { alertUid: alert.uid, category: 'bullying', severity: 'medium' },
      },
    ]);
    expect(
      events.filter((event) => event.type === 'seat.state_changed').map((event) => event.payload),
    ).toEqual([
      expect.objectContaining({ state: 'needs_you', reason: 'alert_open', action: 'review_alert' }),
    ]);
    for (const member of members) {
      const inbox = await dynamoInbox(table).page(member, null);
      expect(inbox.notifications).toEqual([
        expect.objectContaining({ type: 'alert.opened', severity: 'warning', seatUid: seat.uid }),
      ]);
      expect(inbox.unread).toBe(1);
    }
    expect(delivered).toEqual([{ type: 'alert.opened', severity: 'warning', recipients: members }]);
    const kept = await messagePartition(seat);
    expect(kept.map((item) => item['type']).sort()).toEqual(['finding', 'sealed_message']);
    expect(kept.find((item) => item['type'] === 'finding')).toMatchObject({
      category: 'bullying',
      severity: 'medium',
      source: 'live',
      alertUid: alert.uid,
      ttl: Math.floor(now.getTime() / 1000) + 30 * 86_400,
    });
  });

  it('handles a message once: the same message again, and by `message.any`, changes nothing', async () => {
    const { seat } = await family();
    const { analyzer, windows } = sandbox();
    const { deps, delivered } = workerDeps(analyzer);
    const id = `false_${contact}_${ids.ulid()}`;
    const body = 'para com isso #risk:bullying:medium';
    expect(await handle(deps, messageEvent(seat, { id, body }))).toBe('ingested');
    const events = await eventsOf(seat);
    const kept = await messagePartition(seat);
    expect(await handle(deps, messageEvent(seat, { id, body }))).toBe('duplicate');
    expect(await handle(deps, messageEvent(seat, { id, body, event: 'message.any' }))).toBe('duplicate');
    expect(windows).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    expect(await eventsOf(seat)).toEqual(events);
    expect(await messagePartition(seat)).toEqual(kept);
    expect((await seatNow(seat)).openAlerts[0]?.findingsCount).toBe(1);
  });

  it('analyses the contact’s messages and one’s own from `message.any` alone (what sessions subscribe to), an older session’s `message` of them changing nothing', async () => {
    const { seat } = await family();
    const { analyzer, windows } = sandbox();
    const { deps } = workerDeps(analyzer);
    const id = `false_${contact}_${ids.ulid()}`;
    // As GOWS sends it: `from` is the chat, `to` null, in both directions.
    const incoming = { event: 'message.any', id, to: null, body: 'oi', timestamp: 2_000 };
    expect(await handle(deps, messageEvent(seat, incoming))).toBe('ingested');
    expect(
      await handle(
        deps,
        messageEvent(seat, { event: 'message.any', fromMe: true, to: null, body: 'eu', timestamp: 2_001 }),
      ),
    ).toBe('ingested');
    expect(await handle(deps, messageEvent(seat, { ...incoming, event: 'message' }))).toBe('duplicate');
    expect(windows.map((window) => window.map((message) => [message.text, message.fromMe]))).toEqual([
      [['oi', false]],
      [
        ['oi', false],
        ['eu', true],
      ],
    ]);
  });

  it('analyses one’s own messages and the contact’s, a group’s too, each in its own chat window', async () => {
    const { seat } = await family();
    const { analyzer, windows } = sandbox();
    const { deps } = workerDeps(analyzer);
    const group = '120363025555555555@g.us';
    expect(await handle(deps, messageEvent(seat, { body: 'primeira', timestamp: 1_000 }))).toBe('ingested');
    expect(
      await handle(
        deps,
        messageEvent(seat, {
          event: 'message.any',
          fromMe: true,
          from: contact,
          to: null,
          body: 'minha',
          timestamp: 1_001,
        }),
      ),
    ).toBe('ingested');
    expect(
      await handle(deps, messageEvent(seat, { from: group, to: own, body: 'no grupo', timestamp: 1_002 })),
    ).toBe('ingested');
    expect(windows.map((window) => window.map((message) => [message.text, message.fromMe]))).toEqual([
      [['primeira', false]],
      [
        ['primeira', false],
        ['minha', true],
      ],
      [['no grupo', false]],
    ]);
    const chats = new Set((await messagePartition(seat)).map((item) => item['chat']));
    expect(chats).toEqual(new Set([hasher.digest('chat', contact), hasher.digest('chat', group)]));
  });

  it('keeps the window to the 5 previous messages of the chat, those of the batch included', async () => {
    const { seat } = await family();
    const { analyzer, windows } = sandbox();
    const { deps, memory } = sessionEventBatch(workerDeps(analyzer).deps);
    for (let index = 0; index < 7; index += 1)
      expect(
        await handle(deps, messageEvent(seat, { body: `m${index}`, timestamp: 2_000 + index }), memory),
      ).toBe('ingested');
    expect(windows.at(-1)?.map((message) => message.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('drops unread the messages of a seat not protected, status broadcasts and messages without text', async () => {
    const { analyzer, windows } = sandbox();
    const { deps } = workerDeps(analyzer);
    const given = (await family()).seat;
    const cases: [string, Seat, Sent, string][] = [
      ['a paused seat', (await family({ status: 'paused' })).seat, {}, 'dropped'],
      [
        'consent not given',
        (await family({ consent: { ...given.consent!, status: 'revoked' } })).seat,
        {},
        'dropped',
      ],
      ['no data key', (await family({ dataKeyId: null })).seat, {}, 'dropped'],
      ['a status broadcast', given, { from: 'status@broadcast' }, 'dropped'],
      ['no text', given, { body: null }, 'dropped'],
      ['an empty text', given, { body: '' }, 'dropped'],
      [
        'a pairing not paired',
        await seatWithPairing(table, ids, now, { status: 'challenge' }),
        {},
        'unknown_session',
      ],
    ];
    for (const [what, seat, sent, outcome] of cases) {
      expect(
        await handle(
          deps,
          messageEvent(seat, { ...sent, body: sent.body === undefined ? '#risk:drugs:high' : sent.body }),
        ),
        what,
      ).toBe(outcome);
      expect(await messagePartition(seat), what).toEqual([]);
    }
    const stray = messageEvent({
      ...given,
      uid: 'seat_unknown',
      pairing: { ...given.pairing!, sessionName: 'nobody' },
    });
    expect(await handle(deps, stray)).toBe('unknown_session');
    expect(windows).toEqual([]);
  });

  it('joins a later finding to the open alert, and escalates it when it rises to high', async () => {
    const { seat, members } = await family();
    const { analyzer } = sandbox();
    const { deps, delivered } = workerDeps(analyzer);
    await handle(deps, messageEvent(seat, { body: 'feio #risk:bullying:low', timestamp: 3_000 }));
    await handle(deps, messageEvent(seat, { body: 'bobo #risk:bullying:medium', timestamp: 3_001 }));
    await handle(deps, messageEvent(seat, { body: 'vou te pegar #risk:bullying:high', timestamp: 3_002 }));
    const [alert] = (await seatNow(seat)).openAlerts;
    expect(alert).toMatchObject({ severity: 'high', findingsCount: 3 });
    expect(alert?.carryingMessages).toHaveLength(3);
    const events = (await eventsOf(seat)).filter((event) => event.type.startsWith('alert.'));
    expect(events.map((event) => [event.type, event.payload])).toEqual([
      ['alert.opened', { alertUid: alert?.uid, category: 'bullying', severity: 'low' }],
      ['alert.updated', { alertUid: alert?.uid, severity: 'medium', findingsCount: 2 }],
      ['alert.updated', { alertUid: alert?.uid, severity: 'high', findingsCount: 3 }],
    ]);
    expect(delivered).toEqual([
      { type: 'alert.opened', severity: 'warning', recipients: members },
      { type: 'alert.escalated', severity: 'critical', recipients: members },
    ]);
    // One `seat.state_changed`: the seat needed its guardians from the first alert on.
    expect((await eventsOf(seat)).filter((event) => event.type === 'seat.state_changed')).toHaveLength(1);
  });

  it('opens a high alert with a critical notification', async () => {
    const { seat } = await family();
    const { deps, delivered } = workerDeps(sandbox().analyzer);
    await handle(deps, messageEvent(seat, { body: '#risk:self_harm:high' }));
    expect(delivered).toEqual([expect.objectContaining({ type: 'alert.opened', severity: 'critical' })]);
  });

  it('keeps no plaintext at rest: every item of the table read, the text found nowhere', async () => {
    const { seat } = await family();
    const { deps } = workerDeps(sandbox().analyzer);
    const text = `segredo-${ids.ulid()} #risk:grooming:high`;
    expect(await handle(deps, messageEvent(seat, { body: text }))).toBe('ingested');
    const items: unknown[] = [];
    for await (const page of paginateScan({ client: table.doc }, { TableName: table.tableName }))
      items.push(...(page.Items ?? []));
    const all = JSON.stringify(items, (_, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
    );
    expect(all).not.toContain('segredo-');
    expect(all).not.toContain(contact);
    expect(all).not.toContain('5521998765432');
  });

  it('writes nothing when the analysis fails, and the redelivery is handled once', async () => {
    const { seat } = await family();
    const failing: Analyzer = { assess: () => Promise.reject(new AnalysisUnavailable()) };
    const sent = messageEvent(seat, { body: 'de novo #risk:scam:medium' });
    await expect(handle(workerDeps(failing).deps, sent)).rejects.toBeInstanceOf(AnalysisUnavailable);
    expect(await messagePartition(seat)).toEqual([]);
    expect((await seatNow(seat)).openAlerts).toEqual([]);
    const { analyzer, windows } = sandbox();
    const { deps } = workerDeps(analyzer);
    expect(await handle(deps, sent)).toBe('ingested');
    expect(await handle(deps, sent)).toBe('duplicate');
    expect(windows).toHaveLength(1);
    expect((await seatNow(seat)).openAlerts).toHaveLength(1);
    expect((await eventsOf(seat)).filter((event) => event.type === 'alert.opened')).toHaveLength(1);
  });

  it('keeps no message for a seat paused after it was read', async () => {
    const { seat } = await family();
    const { analyzer } = sandbox();
    const { deps, memory } = sessionEventBatch(workerDeps(analyzer).deps);
    expect(await handle(deps, messageEvent(seat, { body: 'antes', timestamp: 4_000 }), memory)).toBe(
      'ingested',
    );
    await dynamoFamilyStore(table).saveSeat({ ...(await seatNow(seat)), status: 'paused' }, []);
    // The batch read the family while active: the write's check finds it paused, the retry reads it anew.
    expect(await handle(deps, messageEvent(seat, { body: 'depois', timestamp: 4_001 }), memory)).toBe(
      'dropped',
    );
    expect((await messagePartition(seat)).filter((item) => item['type'] === 'sealed_message')).toHaveLength(
      1,
    );
  });

  it('drops unread a message whose seat’s key was destroyed after the family was read', async () => {
    const { seat } = await family();
    const { analyzer } = sandbox();
    const { deps, memory } = sessionEventBatch(workerDeps(analyzer).deps);
    // The batch read the family with the key named; its copy is gone before the message opens it.
    await deps.families.load(seat.accountUid);
    await seatKeysIn(table, seatKeysTableOf(table), seatKeys).unkeyed(await seatNow(seat));
    expect(await handle(deps, messageEvent(seat, { body: 'depois #risk:hate:high' }), memory)).toBe(
      'dropped',
    );
    expect(await messagePartition(seat)).toEqual([]);
  });

  it('reads the family and the seat’s key once per batch: three DynamoDB calls per message after it, one more when it notifies', async () => {
    const { seat } = await family();
    const calls: string[] = [];
    const doc = new Proxy(table.doc, {
      get(target, property, receiver) {
        if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
        return (command: Parameters<typeof target.send>[0], ...rest: unknown[]) => {
          calls.push(command.constructor.name);
          return Reflect.apply(target.send, target, [command, ...rest]) as unknown;
        };
      },
    });
    const { deps, memory } = sessionEventBatch(workerDeps(sandbox().analyzer, { ...table, doc }).deps);
    await handle(deps, messageEvent(seat, { body: 'um', timestamp: 5_000 }), memory);
    // The family, the message (not kept yet), the key's wrapped copy (seat keys' table), the window.
    expect(calls).toEqual([
      'QueryCommand',
      'GetCommand',
      'GetCommand',
      'QueryCommand',
      'TransactWriteCommand',
    ]);
    calls.length = 0;
    await handle(deps, messageEvent(seat, { body: 'dois #risk:hate:medium', timestamp: 5_001 }), memory);
    // A message that notifies reads every guardian's notification preferences, in one batch read.
    expect(calls).toEqual(['GetCommand', 'QueryCommand', 'BatchGetCommand', 'TransactWriteCommand']);
    calls.length = 0;
    await handle(deps, messageEvent(seat, { body: 'três', timestamp: 5_002 }), memory);
    expect(calls).toEqual(['GetCommand', 'QueryCommand', 'TransactWriteCommand']);
  });
});
