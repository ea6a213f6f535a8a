import { readFileSync } from 'node:fs';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoInbox, inboxEntries } from '../../shared/adapters/dynamo/inbox.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { handleReconnectAttempt } from '../../shared/app/pairing/session-events';
import type { WorkerDeps } from '../../shared/app/session-batch';
import type { ReconnectAttempt } from '../../shared/domain/pairing/reconnect';
import type { Seat } from '../../shared/domain/family/seat';
import { newNotification } from '../../shared/domain/notifications/notification';
import { freshTable } from '../support/table';
import { catchUpMessage } from '../../shared/app/pairing/catch-up';
import { challengedSeat as challengedSeatOn, seatWithPairing } from '../support/seats';
import {
  eventsOf as familyEvents,
  quietProvider,
  reportMessage,
  reportStatus,
  sessionEvent,
  sessionWorkerDeps,
  working,
} from '../support/session-worker';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
const provider = quietProvider;
const workerDeps = (): WorkerDeps => sessionWorkerDeps(table, now);

const challengedSeat = () => challengedSeatOn(table, ids, now);

const eventsOf = (accountUid: string) => familyEvents(table, accountUid);

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/providers/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

/** The provider's incoming message (its fixture), as `event`, in `session`, with the given ids. */
const providerMessage = (event: string, seat: Seat, eventId: string, messageId: string) => {
  const incoming = fixture('waha-message.json');
  return JSON.stringify({
    ...incoming,
    id: eventId,
    event,
    session: seat.pairing?.sessionName,
    metadata: { seatUid: seat.uid },
    payload: { ...(incoming['payload'] as object), id: messageId },
  });
};

describe('the session-event worker on the table', () => {
  it('handles a provider event once: its redelivery finds the id and changes nothing', async () => {
    const seat = await challengedSeat();
    const id = `evt_${ids.ulid()}`;
    expect(await reportStatus(workerDeps(), working(seat, id), id)).toBe('handled');
    const written = (await eventsOf(seat.accountUid)).length;
    expect(written).toBeGreaterThan(0);
    expect(await reportStatus(workerDeps(), working(seat, id), id)).toBe('duplicate');
    expect((await eventsOf(seat.accountUid)).length).toBe(written);
    const loaded = await dynamoFamilyStore(table).load(seat.accountUid);
    expect(loaded?.seats[0]?.pairing?.status).toBe('paired');
  });

  it('lets only one of two simultaneous deliveries change the pairing', async () => {
    const seat = await challengedSeat();
    const id = `evt_${ids.ulid()}`;
    const results = await Promise.allSettled([
      reportStatus(workerDeps(), working(seat, id), id),
      reportStatus(workerDeps(), working(seat, id), id),
    ]);
    const handled = results.filter((result) => result.status === 'fulfilled' && result.value === 'handled');
    expect(handled).toHaveLength(1);
    const statuses = (await eventsOf(seat.accountUid))
      .filter((item) => item['eventType'] === 'pairing.paired')
      .map((item) => item['source']);
    expect(statuses).toEqual(['workers']);
  });

  it('drops events of a session no pairing owns, and messages of a pairing not yet paired', async () => {
    const stray = JSON.stringify({
      id: 'evt_x',
      event: 'session.status',
      session: 'default',
      payload: { status: 'WORKING' },
    });
    expect(await reportStatus(workerDeps(), stray, 'evt_x')).toBe('unknown_session');
    const seat = await challengedSeat();
    const message = providerMessage('message', seat, 'evt_m', `false_5521998765432@c.us_${ids.ulid()}`);
    expect(await reportMessage(workerDeps(), message)).toBe('unknown_session');
  });
});

describe('status reports delivered twice and out of order with their neighbours', () => {
  /** A status report of the seat's session, made by the provider at `at` (ms): WAHA's `timestamp`. */
  const report = (seat: Seat, id: string, status: string, at: number) =>
    sessionEvent(seat, {
      id,
      timestamp: at,
      event: 'session.status',
      me: { id: '5511987654321@c.us' },
      payload: { status },
    });
  const statusOf = async (seat: Seat) =>
    (await dynamoFamilyStore(table).load(seat.accountUid))?.seats[0]?.pairing?.status;
  /** Delivers the reports by their names in `order`; each report's event id is its own across the table. */
  const deliver = async (reports: Record<string, string>, order: readonly string[]) => {
    const run = ids.ulid();
    const outcomes: string[] = [];
    for (const name of order)
      outcomes.push(await reportStatus(workerDeps(), reports[name] ?? '', `${run}-${name}`));
    return outcomes;
  };

  it('a provider restart (STOPPED, STARTING, WORKING) in any order and doubled: one drop, one reconnection, paired', async () => {
    const seat = await seatWithPairing(table, ids, now, { status: 'paired', pairedAt: now.toISOString() });
    const t = now.getTime();
    const reports = {
      stopped: report(seat, 'stopped', 'STOPPED', t + 1_000),
      starting: report(seat, 'starting', 'STARTING', t + 1_500),
      working: report(seat, 'working', 'WORKING', t + 4_000),
    };
    const outcomes = await deliver(reports, ['stopped', 'working', 'starting', 'working', 'stopped']);
    // The STARTING made before the WORKING, delivered after it, is no second drop.
    expect(outcomes).toEqual(['handled', 'handled', 'stale', 'duplicate', 'duplicate']);
    expect(await statusOf(seat)).toBe('paired');
    const statuses = (await eventsOf(seat.accountUid))
      .filter((item) => item['eventType'] === 'pairing.status')
      .map((item) => (item['payload'] as { status: string }).status);
    expect(statuses).toEqual(['degraded', 'paired']);
  });

  it('a QR rotation made before the link, delivered after it, does not read as an unlinked device', async () => {
    const seat = await challengedSeat();
    const t = now.getTime();
    const reports = {
      qr: report(seat, 'qr', 'SCAN_QR_CODE', t + 1_000),
      working: report(seat, 'working', 'WORKING', t + 2_000),
    };
    expect(await deliver(reports, ['working', 'qr', 'working', 'qr'])).toEqual([
      'handled',
      'stale',
      'duplicate',
      'stale',
    ]);
    expect(await statusOf(seat)).toBe('paired');
  });

  it('a report without the provider’s instant is read as it comes (older providers)', async () => {
    const seat = await challengedSeat();
    expect(await reportStatus(workerDeps(), working(seat, 'bare'), 'bare')).toBe('handled');
    expect(await statusOf(seat)).toBe('paired');
  });
});

describe('finding the seat of a session', () => {
  it('by the seat uid in the metadata, only when that seat’s pairing names the session', async () => {
    const seat = await challengedSeat();
    const other = await challengedSeat();
    const pointingElsewhere = JSON.stringify({
      id: 'evt_o',
      event: 'session.status',
      session: seat.pairing?.sessionName,
      metadata: { seatUid: other.uid },
      payload: { status: 'WORKING' },
    });
    expect(await reportStatus(workerDeps(), pointingElsewhere, 'evt_o')).toBe('unknown_session');
    const bare = JSON.parse(working(seat, 'evt_b')) as Record<string, unknown>;
    delete bare['metadata'];
    // A name of today's form says nothing of its seat: without metadata the session is unknown.
    expect(await reportStatus(workerDeps(), JSON.stringify(bare), 'evt_b')).toBe('unknown_session');
    expect(await reportStatus(workerDeps(), working(seat, 'evt_m1'), 'evt_m1')).toBe('handled');
  });

  it('by the earlier name form (seat uid, dot, pairing id) for a pairing started before, metadata or not', async () => {
    const seat = await challengedSeat();
    const legacy = `${seat.uid}.${seat.pairing!.pairingId.toLowerCase()}`;
    await dynamoFamilyStore(table).saveSeat(
      { ...seat, pairing: { ...seat.pairing!, sessionName: legacy } },
      [],
    );
    const event = JSON.stringify({
      id: 'evt_l',
      event: 'session.status',
      session: legacy,
      me: { id: '5511987654321@c.us' },
      payload: { status: 'WORKING' },
    });
    expect(await reportStatus(workerDeps(), event, 'evt_l')).toBe('handled');
    const loaded = await dynamoFamilyStore(table).load(seat.accountUid);
    expect(loaded?.seats[0]?.pairing?.status).toBe('paired');
  });
});

describe('the account the provider reports (`me`)', () => {
  it('is read as unknown when it has no `id` (or is no object): the provider is asked, and the pairing moves', async () => {
    const asking = (asked: string[]) => ({
      ...workerDeps(),
      sessions: { ...provider, me: async (name: string) => (asked.push(name), '5511987654321@c.us') },
    });
    const withoutId = fixture('waha-session-status-WORKING-me-without-id.json');
    for (const me of [withoutId['me'], { id: null, pushName: 'Bia' }, 'Bia']) {
      const seat = await challengedSeat();
      const id = `evt_${ids.ulid()}`;
      const asked: string[] = [];
      const event = JSON.stringify({
        ...withoutId,
        id,
        session: seat.pairing?.sessionName,
        metadata: { seatUid: seat.uid },
        me,
      });
      expect(await reportStatus(asking(asked), event, id)).toBe('handled');
      expect(asked).toEqual([seat.pairing?.sessionName]);
      const loaded = await dynamoFamilyStore(table).load(seat.accountUid);
      expect(loaded?.seats[0]?.pairing?.status).toBe('paired');
    }
  });
});

describe('challenges the worker refreshes', () => {
  it('catches up a starting pairing with the provider’s status once, and leaves one a report moved', async () => {
    const starting = await seatWithPairing(table, ids, now, { status: 'starting' });
    const asked = { ...workerDeps(), sessions: { ...provider, status: async () => 'SCAN_QR_CODE' } };
    const catchUp = (seat: Seat) => catchUpMessage(seat.pairing!, seat.uid);
    const first = catchUp(starting);
    expect(await reportStatus(asked, first.body, first.deduplicationId!)).toBe('handled');
    const loaded = await dynamoFamilyStore(table).load(starting.accountUid);
    expect(loaded?.seats[0]?.pairing).toMatchObject({ status: 'challenge', challenge: { kind: 'qr' } });
    expect(await reportStatus(asked, first.body, first.deduplicationId!)).toBe('unchanged');
    // The provider's own report of that status, made before the catch-up read it, comes late: stale.
    const early = sessionEvent(starting, {
      id: 'evt_early_qr',
      timestamp: now.getTime() - 1_000,
      event: 'session.status',
      payload: { status: 'SCAN_QR_CODE' },
    });
    expect(await reportStatus(asked, early, 'evt_early_qr')).toBe('stale');

    const challenged = await challengedSeat();
    const late = catchUp(challenged);
    expect(await reportStatus(asked, late.body, late.deduplicationId!)).toBe('unchanged');
  });

  it('keeps a code the person may be typing when the QR rotates, until it expires', async () => {
    const seat = await challengedSeat();
    const families = dynamoFamilyStore(table);
    const expiresAt = new Date(now.getTime() + 30_000).toISOString();
    await families.saveSeat(
      {
        ...seat,
        pairing: {
          ...seat.pairing!,
          method: 'code',
          challenge: { kind: 'code', value: 'KEEPME12', confirmation: null, expiresAt },
        },
      },
      [],
    );
    const rotated = (id: string) =>
      sessionEvent(seat, { id, event: 'session.status', payload: { status: 'SCAN_QR_CODE' } });
    expect(await reportStatus(workerDeps(), rotated('evt_r1'), 'evt_r1')).toBe('unchanged');
    const later = { ...workerDeps(), clock: { now: () => new Date(now.getTime() + 31_000) } };
    expect(await reportStatus(later, rotated('evt_r2'), 'evt_r2')).toBe('handled');
    const loaded = await families.load(seat.accountUid);
    expect(loaded?.seats[0]?.pairing?.challenge).toMatchObject({ kind: 'code', value: 'ABCD1234' });
  });
});

describe('the inbox', () => {
  it('pages the 50 newest with the unread count, the cursor being the last id, and marks read once', async () => {
    const user = ids.uid('usr');
    const all = Array.from({ length: 55 }, () =>
      newNotification({ id: ids.ulid(), type: 'pairing.disconnected', seatUid: 'st_x', now }),
    );
    for (const notification of all)
      await table.doc.send(
        new TransactWriteCommand({ TransactItems: inboxEntries(table, notification, [user]) }),
      );
    const inbox = dynamoInbox(table);
    const first = await inbox.page(user, null);
    expect(first.notifications).toHaveLength(50);
    expect(first.notifications[0]?.id).toBe(all[54]?.id);
    expect(first.nextCursor).toBe(all[5]?.id);
    expect(first.unread).toBe(55);
    const second = await inbox.page(user, first.nextCursor);
    expect(second.notifications.map((n) => n.id)).toEqual(
      all
        .slice(0, 5)
        .map((n) => n.id)
        .reverse(),
    );
    expect(second.nextCursor).toBeNull();

    expect(await inbox.markRead(user, all[0]?.id ?? '', now)).toBe(true);
    expect(await inbox.markRead(user, all[0]?.id ?? '', now)).toBe(true);
    expect((await inbox.page(user, null)).unread).toBe(54);
    expect(await inbox.markRead(ids.uid('usr'), all[1]?.id ?? '', now)).toBe(false);
    await inbox.markAllRead(user, now);
    expect((await inbox.page(user, null)).unread).toBe(0);
  });
});

describe('a reconnect attempt', () => {
  /**
   * A paired seat (its proxy slot taken, as a pairing takes it) whose connection dropped (`STARTING`),
   * and the first attempt it scheduled.
   */
  const droppedSeat = async () => {
    const proxyLabel = `rc-${ids.ulid()}`;
    await dynamoProxyPool(table).register([
      { label: proxyLabel, address: 'http://127.0.0.1:1', capacity: 1 },
    ]);
    const added = await seatWithPairing(table, ids, now, { status: 'challenge', proxyLabel });
    const seat = await dynamoFamilyStore(table).saveSeat(added, [], { takeProxy: proxyLabel });
    const scheduled: ReconnectAttempt[] = [];
    const deps: WorkerDeps = {
      ...workerDeps(),
      reconnects: {
        schedule: async (attempt) => void scheduled.push(attempt),
        cancel: async () => undefined,
      },
    };
    const [up, down] = [`evt_${ids.ulid()}`, `evt_${ids.ulid()}`];
    await reportStatus(deps, working(seat, up), up);
    const drop = sessionEvent(seat, {
      id: down,
      event: 'session.status',
      payload: { status: 'STARTING' },
    });
    await reportStatus(deps, drop, down);
    expect(scheduled).toHaveLength(1);
    return { seat, attempt: scheduled[0] as ReconnectAttempt };
  };
  const withProvider = (status: string, restarts: string[]): WorkerDeps => ({
    ...workerDeps(),
    sessions: {
      ...provider,
      status: async () => status,
      restart: async (name) => void restarts.push(name),
    },
  });

  it('fired twice, late, or after the pairing came back, changes nothing', async () => {
    const { seat, attempt } = await droppedSeat();
    const families = dynamoFamilyStore(table);
    const restarts: string[] = [];
    expect(await handleReconnectAttempt(withProvider('STARTING', restarts), attempt)).toBe('attempted');
    const afterFirst = await families.load(seat.accountUid);
    expect(afterFirst?.seats[0]?.version).toEqual(expect.any(Number));
    const eventCount = (await eventsOf(seat.accountUid)).length;
    // The same attempt again (a doubled or late schedule): the pairing waits for the next one now.
    expect(await handleReconnectAttempt(withProvider('STARTING', restarts), attempt)).toBe('stale');
    // An attempt of another pairing of the seat (an older one's schedule).
    expect(
      await handleReconnectAttempt(withProvider('STARTING', restarts), {
        ...attempt,
        pairingId: ids.ulid(),
        attempt: attempt.attempt + 1,
      }),
    ).toBe('stale');
    expect(restarts).toEqual([seat.pairing?.sessionName]);
    expect((await families.load(seat.accountUid))?.seats[0]?.version).toBe(afterFirst?.seats[0]?.version);
    expect(await eventsOf(seat.accountUid)).toHaveLength(eventCount);
    // The session came back: the next attempt, firing anyway, changes nothing either.
    const back = `evt_${ids.ulid()}`;
    expect(await reportStatus(workerDeps(), working(seat, back), back)).toBe('handled');
    const reconnected = await families.load(seat.accountUid);
    expect(reconnected?.seats[0]?.pairing?.status).toBe('paired');
    const next = { ...attempt, attempt: attempt.attempt + 1 };
    expect(await handleReconnectAttempt(withProvider('WORKING', restarts), next)).toBe('stale');
    expect((await families.load(seat.accountUid))?.seats[0]?.version).toBe(reconnected?.seats[0]?.version);
    expect(restarts).toHaveLength(1);
  });

  it('restarts a session the provider still has down', async () => {
    const { seat, attempt } = await droppedSeat();
    const restarts: string[] = [];
    expect(await handleReconnectAttempt(withProvider('STARTING', restarts), attempt)).toBe('attempted');
    expect(restarts).toEqual([seat.pairing?.sessionName]);
  });

  it('makes a session the provider already has back paired, as its WORKING event would, without a restart', async () => {
    const { seat, attempt } = await droppedSeat();
    const restarts: string[] = [];
    expect(await handleReconnectAttempt(withProvider('WORKING', restarts), attempt)).toBe('reconnected');
    // A restart now would send STOPPED and STARTING after the reconnection: a second drop that never was.
    expect(restarts).toEqual([]);
    const back = (await dynamoFamilyStore(table).load(seat.accountUid))?.seats[0]?.pairing;
    expect(back).toMatchObject({
      status: 'paired',
      reconnectAttempts: 0,
      nextRetryAt: null,
      droppedAt: null,
    });
    const statuses = (await eventsOf(seat.accountUid))
      .filter((item) => item['eventType'] === 'pairing.status')
      .map((item) => [(item['payload'] as { status: string }).status, item['source']]);
    expect(statuses.slice(-2)).toEqual([
      ['degraded', 'workers'],
      ['paired', 'crons'],
    ]);
    // Its WORKING event, late, then changes nothing.
    const late = `evt_${ids.ulid()}`;
    expect(await reportStatus(workerDeps(), working(seat, late), late)).toBe('unchanged');
  });

  it('ends the drop at the verdict after the last attempt: disconnected with the critical notification', async () => {
    const { seat, attempt } = await droppedSeat();
    const scheduled: ReconnectAttempt[] = [];
    const restarts: string[] = [];
    const deps = (status: string): WorkerDeps => ({
      ...withProvider(status, restarts),
      reconnects: { schedule: async (next) => void scheduled.push(next), cancel: async () => undefined },
    });
    for (const n of [1, 2, 3])
      expect(await handleReconnectAttempt(deps('STARTING'), { ...attempt, attempt: n })).toBe('attempted');
    // The last restart's report never comes: the verdict was scheduled after it.
    expect(scheduled.map((next) => next.attempt)).toEqual([2, 3, 4]);
    expect(await handleReconnectAttempt(deps('STARTING'), { ...attempt, attempt: 4 })).toBe('disconnected');
    expect(restarts).toHaveLength(3);
    const ended = (await dynamoFamilyStore(table).load(seat.accountUid))?.seats[0]?.pairing;
    expect(ended).toMatchObject({
      status: 'disconnected',
      failureReason: 'reconnect_failed',
      reconnectAttempts: 3,
    });
    expect((await eventsOf(seat.accountUid)).map((item) => item['eventType'])).toContain(
      'pairing.disconnected',
    );
    const owner = (await dynamoFamilyStore(table).load(seat.accountUid))?.members[0]?.userUid ?? '';
    expect((await dynamoInbox(table).page(owner, null)).notifications[0]).toMatchObject({
      type: 'pairing.disconnected',
      severity: 'critical',
    });
    // Fired again (a doubled schedule): the pairing no longer waits for it.
    expect(await handleReconnectAttempt(deps('STARTING'), { ...attempt, attempt: 4 })).toBe('stale');
  });

  it('ends the drop paired at the verdict when the session came back and its report was lost', async () => {
    const { seat, attempt } = await droppedSeat();
    const restarts: string[] = [];
    for (const n of [1, 2, 3])
      expect(
        await handleReconnectAttempt(withProvider('STARTING', restarts), { ...attempt, attempt: n }),
      ).toBe('attempted');
    expect(await handleReconnectAttempt(withProvider('WORKING', restarts), { ...attempt, attempt: 4 })).toBe(
      'reconnected',
    );
    expect((await dynamoFamilyStore(table).load(seat.accountUid))?.seats[0]?.pairing?.status).toBe('paired');
  });

  it('gives up at once when the provider refuses the last restart', async () => {
    const { seat, attempt } = await droppedSeat();
    const refusing = (status: string): WorkerDeps => ({
      ...workerDeps(),
      sessions: { ...provider, status: async () => status, restart: () => Promise.reject(new Error('503')) },
    });
    for (const n of [1, 2])
      expect(await handleReconnectAttempt(refusing('STARTING'), { ...attempt, attempt: n })).toBe(
        'attempted',
      );
    expect(await handleReconnectAttempt(refusing('STARTING'), { ...attempt, attempt: 3 })).toBe(
      'disconnected',
    );
    expect((await dynamoFamilyStore(table).load(seat.accountUid))?.seats[0]?.pairing).toMatchObject({
      status: 'disconnected',
      reconnectAttempts: 3,
    });
  });
});
