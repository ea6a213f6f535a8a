import { describe, expect, it } from 'vitest';
import { checkStuck, lapseOffer, sweepAdmissions } from '../../../../shared/app/history/admission';
import { writeImportMove } from '../../../../shared/app/history/import-moves';
import {
  acceptHistoryImport,
  getHistoryImport,
  requestHistoryImport,
} from '../../../../shared/app/history/imports';
import { moveImport, newImport } from '../../../../shared/domain/history/history-import';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, aPairedSeat, aWarmedUpSeat, eventTypes, storedSeat } from '../../../support/fakes/seed';

const HOUR_MS = 3_600_000;
const STUCK_MS = 900_000;

/**
 * A family whose later import is offered (slot 1), a warm-up running (slot 2), and a third import
 * waiting behind them (`HISTORY_IMPORT_SLOTS` is 2 in the fake world).
 */
const busyQueue = async (world: FakeWorld) => {
  const family = aFamily(world);
  const [offered, running, waiting] = [
    aWarmedUpSeat(world, family.accountUid),
    aPairedSeat(world, family.accountUid, 'sp-1'),
    aWarmedUpSeat(world, family.accountUid),
  ];
  for (const seat of [offered, running, waiting])
    await requestHistoryImport(world.deps, family.owner, seat.uid);
  return { ...family, offered, running, waiting };
};

/** The schedule made for the seat's import, as it fires. */
const firedFor = <P extends { seatUid: string }>(pending: readonly { payload: P }[], seatUid: string): P => {
  const fired = pending.find((one) => one.payload.seatUid === seatUid)?.payload;
  if (fired === undefined) throw new Error(`nothing scheduled for ${seatUid}`);
  return fired;
};

describe('lapseOffer', () => {
  it('sends an offer still open at its expiry back to the end of the queue, its slot to the head', async () => {
    const world = fakeWorld();
    const { owner, offered, waiting } = await busyQueue(world);
    const fired = firedFor(world.deps.historyOffers.pending, offered.uid);
    world.deps.clock.advance(HOUR_MS);
    await expect(lapseOffer(world.deps, fired)).resolves.toBe('lapsed');
    expect(storedSeat(world, waiting)?.historyImport).toMatchObject({ status: 'offered', slot: 1 });
    await expect(getHistoryImport(world.deps, owner, offered.uid)).resolves.toMatchObject({
      status: 'waiting',
      position: 1,
      queuedAt: world.deps.clock.now().toISOString(),
    });
    await expect(acceptHistoryImport(world.deps, owner, offered.uid)).rejects.toMatchObject({
      code: 'OFFER_EXPIRED',
    });
  });

  it('changes nothing when it fires early, twice, or for an offer accepted since', async () => {
    const world = fakeWorld();
    const { owner, offered } = await busyQueue(world);
    const fired = firedFor(world.deps.historyOffers.pending, offered.uid);
    await expect(lapseOffer(world.deps, fired)).resolves.toBe('stale');
    await acceptHistoryImport(world.deps, owner, offered.uid);
    world.deps.clock.advance(HOUR_MS);
    await expect(lapseOffer(world.deps, fired)).resolves.toBe('stale');
    expect(storedSeat(world, offered)?.historyImport?.status).toBe('running');
  });
});

describe('checkStuck', () => {
  it('finds a running import without progress for HISTORY_STUCK_SECONDS stuck, its slot going to the queue', async () => {
    const world = fakeWorld();
    const { running, waiting } = await busyQueue(world);
    const fired = firedFor(world.deps.historyStuckChecks.pending, running.uid);
    world.deps.clock.advance(STUCK_MS);
    await expect(checkStuck(world.deps, fired)).resolves.toBe('stuck');
    expect(storedSeat(world, running)?.historyImport).toMatchObject({ status: 'stuck', slot: null });
    expect(storedSeat(world, waiting)?.historyImport).toMatchObject({ status: 'offered', slot: 2 });
    expect(eventTypes(world)).toContain('history.stuck');
    await expect(checkStuck(world.deps, fired)).resolves.toBe('stale');
  });

  it('checks again that long after the last progress when the import moved since', async () => {
    const world = fakeWorld();
    const { running } = await busyQueue(world);
    const fired = firedFor(world.deps.historyStuckChecks.pending, running.uid);
    world.deps.clock.advance(STUCK_MS / 3);
    const progressAt = world.deps.clock.now();
    const stored = storedSeat(world, running);
    if (stored?.historyImport == null) throw new Error('no import');
    stored.historyImport.progressAt = progressAt.toISOString();
    // The check fires when it was due: HISTORY_STUCK_SECONDS after the start.
    world.deps.clock.advance((STUCK_MS * 2) / 3);
    await expect(checkStuck(world.deps, fired)).resolves.toBe('rescheduled');
    const due = new Date(progressAt.getTime() + STUCK_MS);
    expect(world.deps.historyStuckChecks.pending).toContainEqual({
      payload: { ...fired, at: due.toISOString() },
      at: due,
    });
    expect(storedSeat(world, running)?.historyImport?.status).toBe('running');
  });
});

describe('sweepAdmissions', () => {
  it('admits what a process that died left waiting, and reports the slots held', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    const family = await world.deps.families.load(accountUid);
    const joining = newImport({ importId: world.deps.ids.ulid(), first: true, now: world.deps.clock.now() });
    const join = moveImport(null, 'join', world.deps.clock.now(), { joining });
    if (family === null || join === null) throw new Error('no join');
    // The import joined the queue, and its process died before it admitted anything.
    await writeImportMove(world.deps, family, seat, join, 'api');
    await expect(sweepAdmissions(world.deps, 'crons')).resolves.toBe(1);
    expect(storedSeat(world, seat)?.historyImport).toMatchObject({ status: 'running', slot: 1 });
    expect(world.deps.metrics.levels.get('ImportSlotsHeld')).toBe(1);
    await expect(sweepAdmissions(world.deps, 'crons')).resolves.toBe(0);
  });
});
