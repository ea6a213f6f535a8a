import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useCaseSettingsFrom } from '../../functions/composition/settings';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { moveOffBurnedProxy, moveSessionOffProxy, type BurnDeps } from '../../shared/app/proxies/burn';
import { sessionEnd } from '../../shared/app/pairing/sessions';
import { parseConfig } from '../../shared/config/config';
import { seatOf } from '../../shared/domain/family/account';
import type { Seat } from '../../shared/domain/family/seat';
import type { Pairing } from '../../shared/domain/pairing/pairing';
import { reportStatus, sessionEvent, sessionWorkerDeps, quietProvider } from '../support/session-worker';
import type { AuditEntry } from '../../shared/ports/operators';
import type { EventQueue } from '../../shared/ports/queue';
import type { NewSession, SessionProvider } from '../../shared/ports/session-provider';
import { seatWithPairing } from '../support/seats';
import { freshTable } from '../support/table';
import { runAs } from '../../localstack/table-guard';
import { guardTableCallsOfThisFile } from '../support/table-guard';

// The burn worker's table calls are checked against its row's grants, as IAM checks them in AWS.
guardTableCallsOfThisFile();

const ids = cryptoIds();
const now = new Date('2026-11-24T10:00:00Z');
const unused = () => Promise.reject(new Error('not expected here'));

const audit = (): AuditEntry => ({
  id: ids.ulid(),
  at: now.toISOString(),
  actor: { kind: 'operator', uid: 'op_test' },
  action: 'proxy.burned',
  target: { kind: 'proxy', uid: 'px_test' },
});

/**
 * A provider that records what it is told, and the session-ends queue (what is handed to be
 * deleted at the provider); `crashes` makes the next calls fail after recording.
 */
const recordingProvider = () => {
  const changed: NewSession[] = [];
  const removed: string[] = [];
  const sessionEnds: EventQueue = {
    send: async (messages) =>
      void removed.push(...messages.map((message) => sessionEnd.parse(JSON.parse(message.body)).sessionName)),
  };
  let crashes = 0;
  const provider: SessionProvider = {
    createSession: unused,
    restart: unused,
    changeProxy: async (session) => {
      changed.push(session);
      if (crashes > 0) {
        crashes -= 1;
        throw new Error('the worker died here');
      }
    },
    status: unused,
    stop: unused,
    logout: async () => undefined,
    remove: unused,
    qr: unused,
    requestCode: unused,
    me: async () => null,
    confirmPasskey: unused,
    profilePicture: unused,
    chats: unused,
    chatMessages: unused,
  };
  return {
    provider,
    recorded: { sessions: provider, sessionEnds },
    changed,
    removed,
    crashNext: (times = 1) => (crashes = times),
  };
};

/**
 * A pool with the burned address `old` holding `bound` paired sessions (as pairings bind them: a
 * slot taken, the seat saved with its connection item) and `room` free slots on `new`.
 */
const burnedPool = async (
  bound: number,
  room: number,
  fields: Partial<Pairing> & Pick<Pairing, 'status'> = { status: 'paired' },
) => {
  const table = await freshTable();
  const pool = dynamoProxyPool(table);
  const families = dynamoFamilyStore(table);
  await pool.register([{ label: 'old', address: 'http://u:p@127.0.0.1:1', capacity: bound }]);
  const seats: Seat[] = [];
  for (let index = 0; index < bound; index += 1) {
    const slot = await pool.bind();
    expect(slot?.label).toBe('old');
    const added = await seatWithPairing(table, ids, now, { ...fields, proxyLabel: 'old' });
    seats.push(await families.saveSeat(added, []));
  }
  if (room > 0) await pool.register([{ label: 'new', address: 'http://v:q@127.0.0.1:2', capacity: room }]);
  const old = (await pool.list()).find((proxy) => proxy.label === 'old');
  if (old === undefined) throw new Error('registered');
  await pool.setStatus(old, 'burned', audit());
  return { table, pool, families, seats };
};

const depsOf = (
  table: TableAccess,
  { sessions, sessionEnds }: Pick<BurnDeps, 'sessions' | 'sessionEnds'>,
): BurnDeps => ({
  families: dynamoFamilyStore(table),
  proxies: dynamoProxyPool(table),
  sessions,
  sessionEnds,
  ids,
  clock: { now: () => now },
  settings: useCaseSettingsFrom(parseConfig({ TABLE_NAME: table.tableName })),
  notifier: { deliver: async () => undefined },
  notificationSettings: dynamoNotificationSettings(table),
});

/** The burn worker's handling of a message, as its function (its table grants checked). */
const burn = (deps: BurnDeps, message: { label: string }) =>
  runAs('proxyBurns', () => moveOffBurnedProxy(deps, message));

const counts = async (pool: ReturnType<typeof dynamoProxyPool>) =>
  Object.fromEntries((await pool.list()).map((proxy) => [proxy.label, proxy.bound]));

const pairingOf = async (table: TableAccess, seat: Seat) => {
  const family = await dynamoFamilyStore(table).load(seat.accountUid);
  return family === null ? null : (seatOf(family, seat.uid)?.pairing ?? null);
};

const eventTypes = async (table: TableAccess, accountUid: string) =>
  (
    (
      await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `EVENTS#${accountUid}` },
        }),
      )
    ).Items ?? []
  ).map((item) => item['eventType'] as string);

describe('the burn worker', () => {
  it('moves each session to an address with room, or ends its pairing when none has room', async () => {
    const { table, pool, seats } = await burnedPool(2, 1);
    expect((await pool.bindings('old')).map((binding) => binding.seatUid).sort()).toEqual(
      seats.map((seat) => seat.uid).sort(),
    );
    const { recorded, changed, removed } = recordingProvider();
    expect(await burn(depsOf(table, recorded), { label: 'old' })).toEqual({
      moved: 1,
      reconnectRequired: 1,
    });
    expect(await counts(pool)).toEqual({ old: 0, new: 1 });
    expect(await pool.bindings('old')).toEqual([]);
    const pairings = await Promise.all(seats.map((seat) => pairingOf(table, seat)));
    const moved = pairings.find((pairing) => pairing?.proxyLabel === 'new');
    const ended = pairings.find((pairing) => pairing?.status === 'disconnected');
    expect(moved).toMatchObject({ status: 'paired', proxyLabel: 'new' });
    expect(ended).toMatchObject({ failureReason: 'proxy_burned', proxyLabel: 'old' });
    // The provider put the moved session on the new address (its whole config); the other is handed
    // to the session-ends worker to delete.
    expect(changed).toEqual([
      {
        name: moved?.sessionName,
        proxyUrl: 'http://v:q@127.0.0.1:2',
        // Opaque ids only (the provider echoes them in every event): never the person's number.
        metadata: {
          pairingId: moved?.pairingId,
          seatUid: seats.find((seat) => seat.pairing?.pairingId === moved?.pairingId)?.uid,
        },
      },
    ]);
    expect(removed).toEqual([ended?.sessionName]);
    expect((await pool.bindings('new')).map((binding) => binding.seatUid)).toHaveLength(1);
    const endedSeat = seats.find((seat) => seat.pairing?.pairingId === ended?.pairingId);
    expect(await eventTypes(table, endedSeat?.accountUid ?? '')).toEqual(
      expect.arrayContaining(['pairing.status', 'pairing.reconnect_required']),
    );
  });

  it('leaks no slot when the worker dies mid-move: the message comes back and the move completes once', async () => {
    const { table, pool, seats } = await burnedPool(1, 2);
    const { recorded, changed, crashNext } = recordingProvider();
    const deps = depsOf(table, recorded);
    // Dies after telling the provider, before the seat's transaction: nothing written.
    crashNext();
    await expect(burn(deps, { label: 'old' })).rejects.toThrow('the worker died here');
    expect(await counts(pool)).toEqual({ old: 1, new: 0 });
    // Redelivered: the provider is told again, the move is written once.
    expect(await burn(deps, { label: 'old' })).toEqual({ moved: 1, reconnectRequired: 0 });
    expect(await counts(pool)).toEqual({ old: 0, new: 1 });
    expect(changed).toHaveLength(2);
    // Delivered once more after the move (the ack was lost): nothing changes.
    expect(await burn(deps, { label: 'old' })).toEqual({ moved: 0, reconnectRequired: 0 });
    expect(await counts(pool)).toEqual({ old: 0, new: 1 });
    expect(await pairingOf(table, seats[0] as Seat)).toMatchObject({ status: 'paired', proxyLabel: 'new' });
  });

  it('keeps capacity exact when moves and new pairings race for the last free slot', async () => {
    const { table, pool, seats } = await burnedPool(3, 1);
    const { recorded } = recordingProvider();
    const deps = depsOf(table, recorded);
    const [moves, binds] = await Promise.all([
      Promise.all(seats.map((seat) => runAs('proxyBurns', () => moveSessionOffProxy(deps, seat.uid, 'old')))),
      Promise.all([1, 2, 3].map(() => runAs('pairing', () => pool.bind()))),
    ]);
    const boundNew = binds.filter((bound) => bound !== null).length;
    const movedNew = moves.filter((outcome) => outcome === 'moved').length;
    // One slot, one taker; every session not moved had its pairing ended.
    expect(boundNew + movedNew).toBe(1);
    expect(moves.filter((outcome) => outcome === 'reconnect_required')).toHaveLength(3 - movedNew);
    expect(await counts(pool)).toEqual({ old: 0, new: 1 });
  });
});

describe('the one restart a proxy change makes (WAHA’s update stops and starts a running session)', () => {
  /**
   * The session worker takes the reports WAHA makes of that restart, each `[status, ms after the
   * burn]` (the provider's instant), as its function; `requestCode` answers the restarted session.
   */
  const reportRestart = async (
    table: TableAccess,
    seat: Seat,
    reports: readonly (readonly [string, number])[],
    requestCode: SessionProvider['requestCode'] = quietProvider.requestCode,
  ) => {
    const deps = { ...sessionWorkerDeps(table, now), sessions: { ...quietProvider, requestCode } };
    const outcomes: string[] = [];
    for (const [status, after] of reports) {
      const id = `evt_${ids.ulid()}`;
      const report = sessionEvent(seat, {
        id,
        timestamp: now.getTime() + after,
        event: 'session.status',
        me: { id: '5511987654321@c.us' },
        payload: { status },
      });
      outcomes.push(await runAs('sessionEvents', () => reportStatus(deps, report, id)));
    }
    return outcomes;
  };

  it('leaves a paired session paired: its STOPPED, STARTING and WORKING are that restart, no drop', async () => {
    const { table, seats } = await burnedPool(1, 1);
    const seat = seats[0] as Seat;
    const { recorded } = recordingProvider();
    expect(await burn(depsOf(table, recorded), { label: 'old' })).toEqual({ moved: 1, reconnectRequired: 0 });
    const before = await eventTypes(table, seat.accountUid);
    expect(
      await reportRestart(table, seat, [
        ['STOPPED', 400],
        ['STARTING', 1_500],
        ['WORKING', 4_000],
      ]),
    ).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(await pairingOf(table, seat)).toMatchObject({
      status: 'paired',
      proxyLabel: 'new',
      droppedAt: null,
    });
    expect(await eventTypes(table, seat.accountUid)).toEqual(before);
  });

  it('keeps a pairing waiting for its code, and asks the restarted session for a new one', async () => {
    const code = {
      kind: 'code' as const,
      value: 'ABCD1234',
      confirmation: null,
      expiresAt: new Date(now.getTime() + 180_000).toISOString(),
    };
    const { table, seats } = await burnedPool(1, 1, { status: 'challenge', method: 'code', challenge: code });
    const seat = seats[0] as Seat;
    const { recorded } = recordingProvider();
    await burn(depsOf(table, recorded), { label: 'old' });
    const outcomes = await reportRestart(
      table,
      seat,
      [
        ['STOPPED', 400],
        ['STARTING', 1_500],
        ['SCAN_QR_CODE', 4_000],
      ],
      async () => ({ kind: 'ready', value: 'WXYZ5678' }),
    );
    expect(outcomes).toEqual(['unchanged', 'unchanged', 'handled']);
    expect(await pairingOf(table, seat)).toMatchObject({
      status: 'challenge',
      failureReason: null,
      challenge: { kind: 'code', value: 'WXYZ5678' },
    });
  });

  it('still reads a STARTING made long after the change as a drop, and a FAILED at any time', async () => {
    const { table, seats } = await burnedPool(2, 2);
    const { recorded } = recordingProvider();
    await burn(depsOf(table, recorded), { label: 'old' });
    const [late, failed] = seats as [Seat, Seat];
    expect(await reportRestart(table, late, [['STARTING', 120_000]])).toEqual(['handled']);
    expect(await pairingOf(table, late)).toMatchObject({ status: 'degraded' });
    expect(await reportRestart(table, failed, [['FAILED', 1_000]])).toEqual(['handled']);
    expect(await pairingOf(table, failed)).toMatchObject({ status: 'degraded' });
  });
});
