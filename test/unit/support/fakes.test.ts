import { describe, expect, it } from 'vitest';
import { StaleWrite } from '../../../shared/domain/errors';
import type { DomainEvent } from '../../../shared/domain/events/event';
import type { Subscription } from '../../../shared/domain/family/subscription';
import { fakeWorld } from '../../support/fakes/deps';
import { aFamily, aPendingSeat, eventTypes, storedSeat } from '../../support/fakes/seed';

/** The fakes keep the ports' promises the use cases rely on, as the DynamoDB adapters do. */
describe('the fake family store', () => {
  it('refuses a seat saved over a version that moved (StaleWrite), writing nothing of it', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = aPendingSeat(world, accountUid);
    await world.deps.families.saveSeat(seat, []);
    const event: DomainEvent = {
      id: world.deps.ids.ulid(),
      type: 'seat.archived',
      accountId: accountUid,
      seatId: null,
      seatUid: null,
      source: 'api',
      payload: {},
      occurredAt: '',
    };
    await expect(world.deps.families.saveSeat(seat, [event])).rejects.toBeInstanceOf(StaleWrite);
    expect(storedSeat(world, seat)?.version).toBe(1);
    expect(eventTypes(world)).toEqual([]);
  });

  it('marks a provider event handled once: the second write with it is refused', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = aPendingSeat(world, accountUid);
    const saved = await world.deps.families.saveSeat(seat, [], {
      providerEvent: { id: 'e1', expiresAtSeconds: 1 },
    });
    expect(await world.deps.families.handledProviderEvent('e1')).toBe(true);
    await expect(
      world.deps.families.saveSeat(saved, [], { providerEvent: { id: 'e1', expiresAtSeconds: 1 } }),
    ).rejects.toBeInstanceOf(StaleWrite);
  });

  it('opens a subscription only where none is (a conditional create)', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const family = await world.deps.families.load(accountUid);
    if (family === null) throw new Error('no family');
    const subscription: Subscription = {
      status: 'trialing',
      interval: 'monthly',
      campaignCode: null,
      trialEndsAt: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      version: 0,
    };
    await world.deps.families.openSubscription(family.account, subscription, []);
    await expect(
      world.deps.families.openSubscription(family.account, subscription, []),
    ).rejects.toBeInstanceOf(StaleWrite);
  });
});

describe('the fake notification settings', () => {
  it('refuses devices written over a list that moved since it was read', async () => {
    const world = fakeWorld();
    await world.deps.notificationSettings.saveDevices('usr_1', 0, []);
    await expect(world.deps.notificationSettings.saveDevices('usr_1', 0, [])).rejects.toBeInstanceOf(
      StaleWrite,
    );
  });
});

describe('the fake history queue', () => {
  const entry = { seatUid: 'st_1', importId: '01IMPORT', queuedAt: '2026-11-22T10:00:00.000Z' };

  it('keys an entry by when it joined: an import that left joins again later, at the end', async () => {
    const world = fakeWorld();
    const later = { ...entry, queuedAt: '2026-11-22T11:00:00.000Z' };
    world.table.history.push({ join: entry }, { leave: entry }, { join: later });
    expect(await world.deps.historyQueue.head(5)).toEqual([later]);
    expect(await world.deps.historyQueue.position(later)).toBe(1);
  });

  it('refuses a move whose place or slot is not as read (StaleWrite), as the queue items’ conditions do', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = aPendingSeat(world, accountUid);
    const saved = await world.deps.families.saveSeat(seat, [], {
      history: { takeSlot: { slot: 1, importId: '01A', seatUid: seat.uid } },
    });
    await expect(
      world.deps.families.saveSeat(saved, [], {
        history: { takeSlot: { slot: 1, importId: '01B', seatUid: seat.uid } },
      }),
    ).rejects.toBeInstanceOf(StaleWrite);
    await expect(
      world.deps.families.saveSeat(saved, [], { history: { leave: entry } }),
    ).rejects.toBeInstanceOf(StaleWrite);
    expect(await world.deps.historyQueue.freeSlots(2)).toEqual([2]);
  });
});
