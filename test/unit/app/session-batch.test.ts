import { describe, expect, it } from 'vitest';
import { readWahaEvent } from '../../../shared/adapters/session-provider/waha-events';
import { dispatchSessionEvent, sessionEventBatch } from '../../../shared/app/session-batch';
import { fakeWorld, type FakeWorld } from '../../support/fakes/deps';
import { aFamily, aProxy, aSeatWithPairing, storedSeat } from '../../support/fakes/seed';
import { sessionEvent, working } from '../../support/session-event-bodies';

/** A queued provider body read by its adapter and dispatched in `batch`, as the worker does. */
const handle = (batch: ReturnType<typeof sessionEventBatch>, body: string, eventId: string) =>
  dispatchSessionEvent(batch, readWahaEvent(body), eventId);

const linkingFamily = async (world: FakeWorld) => {
  await aProxy(world);
  const family = aFamily(world);
  return { ...family, seat: aSeatWithPairing(world, family.accountUid, { status: 'challenge' }) };
};

describe('sessionEventBatch and its dispatch', () => {
  it('reads a family once per batch, following the seats the batch saves', async () => {
    const world = fakeWorld();
    const { accountUid, seat } = await linkingFamily(world);
    const batch = sessionEventBatch(world.deps);
    const drop = sessionEvent(seat, { event: 'session.status', payload: { status: 'STARTING' } });
    await expect(handle(batch, working(seat, 'evt_1'), 'evt_1')).resolves.toBe('handled');
    await expect(handle(batch, drop, 'evt_2')).resolves.toBe('handled');
    expect(storedSeat(world, seat)?.pairing?.status).toBe('degraded');
    expect(world.deps.families.loads.filter((read) => read === accountUid)).toHaveLength(1);
  });

  it('reads a family again once a write finds it moved since the batch read it', async () => {
    const world = fakeWorld();
    const { accountUid, seat } = await linkingFamily(world);
    const batch = sessionEventBatch(world.deps);
    // A report of the status the pairing already has: the batch reads the family, and nothing moves.
    const same = sessionEvent(seat, {
      id: 'evt_s',
      event: 'session.status',
      payload: { status: 'SCAN_QR_CODE' },
    });
    await expect(handle(batch, same, 'evt_s')).resolves.toBe('unchanged');
    // Another process changes the seat after the batch read its family.
    const read = storedSeat(world, seat);
    if (read === undefined) throw new Error('no seat');
    await world.deps.families.saveSeat(read, []);
    await expect(handle(batch, working(seat, 'evt_1'), 'evt_1')).resolves.toBe('handled');
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

describe('dispatchSessionEvent', () => {
  it('hands a body its adapter could not read to no capability: not an event, and no family read', async () => {
    const world = fakeWorld();
    await linkingFamily(world);
    const batch = sessionEventBatch(world.deps);
    await expect(handle(batch, '{not json', 'evt_x')).resolves.toBe('not_an_event');
    expect(world.deps.families.loads).toEqual([]);
  });
});
