import { beforeAll, describe, expect, it } from 'vitest';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import type { Settings } from '../../shared/app/deps';
import { pauseSeat, resumeSeat } from '../../shared/app/seats/pause';
import type { Seat } from '../../shared/domain/family/seat';
import { challengedSeat, protectedSeat } from '../support/seats';
import { freshTable } from '../support/table';
import { reportStatus, sessionWorkerDeps } from '../support/session-worker';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const seatKeys = localSeatKeys(Buffer.alloc(32, 7).toString('base64'));
const MINUTE = 60_000;
/** 23:00 on the 19th in São Paulo: an hour before a day boundary. */
const lateEvening = new Date('2026-11-20T02:00:00Z');
const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);

/** The session-event worker's deps at `now` (test/support/session-worker.ts). */
const workerDeps = (now: Date) => sessionWorkerDeps(table, now);

const statusEvent = (seat: Seat, id: string, status: string) =>
  JSON.stringify({
    id,
    session: seat.pairing?.sessionName,
    metadata: { seatUid: seat.uid },
    event: 'session.status',
    me: { id: '5511987654321@c.us' },
    payload: { status },
  });

const tallies = async (seat: Seat) =>
  ((await dynamoFamilyStore(table).load(seat.accountUid))?.dayTallies ?? []).filter(
    (tally) => tally.seatUid === seat.uid,
  );

describe('the week on the table', () => {
  it('adds a pairing move’s time to the days it spans, and its drop, with the move', async () => {
    const seat = await challengedSeat(table, ids, lateEvening);
    const [up, down] = [`evt_${ids.ulid()}`, `evt_${ids.ulid()}`];
    await reportStatus(workerDeps(lateEvening), statusEvent(seat, up, 'WORKING'), up);
    const dropAt = later(lateEvening, 150); // 01:30 on the 20th
    await reportStatus(workerDeps(dropAt), statusEvent(seat, down, 'STARTING'), down);

    const stored = (await dynamoFamilyStore(table).load(seat.accountUid))?.seats.find(
      (one) => one.uid === seat.uid,
    );
    expect(stored?.pairing?.status).toBe('degraded');
    expect(stored?.watch).toEqual({
      since: dropAt.toISOString(),
      watched: true,
      connected: false,
      paused: false,
    });
    expect(await tallies(seat)).toEqual([
      {
        seatUid: seat.uid,
        date: '2026-11-19',
        watchedMs: 60 * MINUTE,
        connectedMs: 60 * MINUTE,
        pausedMs: 0,
        drops: 0,
      },
      {
        seatUid: seat.uid,
        date: '2026-11-20',
        watchedMs: 90 * MINUTE,
        connectedMs: 90 * MINUTE,
        pausedMs: 0,
        drops: 1,
      },
    ]);
  });

  it('adds the time before a pause and the paused time with the pause and the resume', async () => {
    const seat = await protectedSeat(table, ids, lateEvening, seatKeys, {
      watch: { since: lateEvening.toISOString(), watched: true, connected: true, paused: false },
    });
    const owner = (await dynamoFamilyStore(table).load(seat.accountUid))?.members[0];
    if (owner === undefined) throw new Error('no owner');
    const deps = (now: Date) => ({
      ...workerDeps(now),
      settings: { pauseMaxDays: 30, trialDays: 7 } as Settings,
      pauseResumes: { schedule: async () => undefined, cancel: async () => undefined },
    });
    const pausedAt = later(lateEvening, 30);
    await pauseSeat(deps(pausedAt), { userUid: owner.userUid }, seat.uid, later(pausedAt, 24 * 60));
    expect(await tallies(seat)).toEqual([
      {
        seatUid: seat.uid,
        date: '2026-11-19',
        watchedMs: 30 * MINUTE,
        connectedMs: 30 * MINUTE,
        pausedMs: 0,
        drops: 0,
      },
    ]);
    await resumeSeat(deps(later(pausedAt, 120)), { userUid: owner.userUid }, seat.uid);
    expect(await tallies(seat)).toEqual([
      {
        seatUid: seat.uid,
        date: '2026-11-19',
        watchedMs: 30 * MINUTE,
        connectedMs: 30 * MINUTE,
        pausedMs: 30 * MINUTE,
        drops: 0,
      },
      {
        seatUid: seat.uid,
        date: '2026-11-20',
        watchedMs: 0,
        connectedMs: 0,
        pausedMs: 90 * MINUTE,
        drops: 0,
      },
    ]);
  });

  it('writes no tally when the seat’s write is refused (one transaction)', async () => {
    const seat = await protectedSeat(table, ids, lateEvening, seatKeys);
    const stale = { ...seat, version: seat.version - 1 };
    const day = {
      seatUid: seat.uid,
      date: '2026-11-19',
      watchedMs: 1,
      connectedMs: 1,
      pausedMs: 0,
      drops: 0,
    };
    await expect(dynamoFamilyStore(table).saveSeat(stale, [], { days: [day] })).rejects.toThrow();
    expect(await tallies(seat)).toEqual([]);
  });
});
