import { describe, expect, it } from 'vitest';
import { sessionEventBatch } from '../../../../shared/app/pairing/session-batch';
import { handleSessionEvent } from '../../../../shared/app/pairing/session-events';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, aProxy, aSeatWithPairing, storedSeat } from '../../../support/fakes/seed';
import { sessionEvent, working } from '../../../support/session-event-bodies';

const linkingFamily = async (world: FakeWorld) => {
  await aProxy(world);
  const family = aFamily(world);
  return { ...family, seat: aSeatWithPairing(world, family.accountUid, { status: 'challenge' }) };
};

describe('sessionEventBatch', () => {
  it('reads a family once per batch, following the seats the batch saves', async () => {
    const world = fakeWorld();
    const { accountUid, seat } = await linkingFamily(world);
    const batch = sessionEventBatch(world.deps);
    const drop = sessionEvent(seat, { event: 'session.status', payload: { status: 'STARTING' } });
    await expect(handleSessionEvent(batch.deps, working(seat, 'evt_1'), 'evt_1', batch.memory)).resolves.toBe(
      'handled',
    );
    await expect(handleSessionEvent(batch.deps, drop, 'evt_2', batch.memory)).resolves.toBe('handled');
    expect(storedSeat(world, seat)?.pairing?.status).toBe('degraded');
    expect(world.deps.families.loads.filter((read) => read === accountUid)).toHaveLength(1);
  });

  it('reads a family again once a write finds it moved since the batch read it', async () => {
    const world = fakeWorld();
    const { accountUid, seat } = await linkingFamily(world);
    const batch = sessionEventBatch(world.deps);
    const presence = sessionEvent(seat, { event: 'presence.update', payload: {} });
    await expect(handleSessionEvent(batch.deps, presence, 'evt_p', batch.memory)).resolves.toBe('unchanged');
    // Another process changes the seat after the batch read its family.
    const read = storedSeat(world, seat);
    if (read === undefined) throw new Error('no seat');
    await world.deps.families.saveSeat(read, []);
    await expect(handleSessionEvent(batch.deps, working(seat, 'evt_1'), 'evt_1', batch.memory)).resolves.toBe(
      'handled',
    );
    expect(storedSeat(world, seat)?.pairing?.status).toBe('paired');
    expect(world.deps.families.loads.filter((one) => one === accountUid)).toHaveLength(2);
  });

  it('gives each batch a memory of its own, empty', () => {
    const world = fakeWorld();
    const first = sessionEventBatch(world.deps);
    first.memory.findings = 3;
    expect(sessionEventBatch(world.deps).memory).toMatchObject({ findings: 0, chats: new Map() });
  });
});
