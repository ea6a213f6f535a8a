import { describe, expect, it } from 'vitest';
import { endPause, pauseSeat, resumeSeat } from '../../../../shared/app/seats/pause';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import {
  aFamily,
  aGuardian,
  anActiveSeat,
  aPendingSeat,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';

const HOUR_MS = 3_600_000;

const activeFamily = (world: FakeWorld) => {
  const { accountUid, owner } = aFamily(world);
  const guardian = aGuardian(world, accountUid);
  return { owner, guardian, seat: anActiveSeat(world, accountUid) };
};

const inHours = (world: FakeWorld, hours: number) =>
  new Date(world.deps.clock.now().getTime() + hours * HOUR_MS);

describe('pauseSeat', () => {
  it('pauses the seat until the instant asked, scheduling the pause’s end (any member may)', async () => {
    const world = fakeWorld();
    const { guardian, seat } = activeFamily(world);
    const until = inHours(world, 4);
    const view = await pauseSeat(world.deps, guardian, seat.uid, until);
    expect(view).toMatchObject({ status: 'paused', pause: { until: until.toISOString() } });
    expect(storedSeat(world, seat)?.status).toBe('paused');
    expect(world.deps.pauseResumes.pending).toEqual([
      { payload: { seatUid: seat.uid, pauseId: storedSeat(world, seat)?.pause?.pauseId }, at: until },
    ]);
    expect(eventTypes(world)).toContain('seat.paused');
  });

  it('answers 422 PAUSE_UNTIL_PAST, PAUSE_TOO_LONG and SEAT_NOT_ACTIVE', async () => {
    const world = fakeWorld();
    const { owner, seat } = activeFamily(world);
    await expect(pauseSeat(world.deps, owner, seat.uid, inHours(world, -1))).rejects.toMatchObject({
      code: 'PAUSE_UNTIL_PAST',
    });
    await expect(pauseSeat(world.deps, owner, seat.uid, inHours(world, 31 * 24))).rejects.toMatchObject({
      code: 'PAUSE_TOO_LONG',
    });
    const pending = aPendingSeat(world, seat.accountUid);
    await expect(pauseSeat(world.deps, owner, pending.uid, inHours(world, 1))).rejects.toMatchObject({
      code: 'SEAT_NOT_ACTIVE',
    });
  });
});

describe('resumeSeat', () => {
  it('ends the pause now and cancels its schedule; a seat not paused is 422 SEAT_NOT_PAUSED', async () => {
    const world = fakeWorld();
    const { owner, seat } = activeFamily(world);
    await expect(resumeSeat(world.deps, owner, seat.uid)).rejects.toMatchObject({ code: 'SEAT_NOT_PAUSED' });
    await pauseSeat(world.deps, owner, seat.uid, inHours(world, 4));
    await expect(resumeSeat(world.deps, owner, seat.uid)).resolves.toMatchObject({ status: 'active' });
    expect(world.deps.pauseResumes.pending).toEqual([]);
    expect(eventTypes(world)).toContain('seat.resumed');
  });
});

describe('endPause', () => {
  it("resumes the seat when the pause's schedule fires, and is stale when it fires again", async () => {
    const world = fakeWorld();
    const { owner, seat } = activeFamily(world);
    await pauseSeat(world.deps, owner, seat.uid, inHours(world, 4));
    const fired = world.deps.pauseResumes.pending[0]?.payload;
    if (fired === undefined) throw new Error('no schedule');
    world.deps.clock.advance(4 * HOUR_MS);
    await expect(endPause(world.deps, fired)).resolves.toBe('resumed');
    expect(storedSeat(world, seat)?.status).toBe('active');
    await expect(endPause(world.deps, fired)).resolves.toBe('stale');
  });

  it('is stale for a seat that does not exist', async () => {
    const world = fakeWorld();
    await expect(endPause(world.deps, { seatUid: 'st_nope', pauseId: 'p' })).resolves.toBe('stale');
  });
});
