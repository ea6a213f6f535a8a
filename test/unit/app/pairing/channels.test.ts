import { describe, expect, it } from 'vitest';
import { stopProtection } from '../../../../shared/app/consent/protection';
import { contractChannel, listChannels } from '../../../../shared/app/pairing/channels';
import { fakeWorld } from '../../../support/fakes/deps';
import { aLinkReadyToPair, personIp } from '../../../support/fakes/consent-link';
import {
  aFamily,
  aGuardian,
  anActiveSeat,
  aPendingSeat,
  aSeatWithPairing,
  aStranger,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';

const chatPrice = { amount: 990, currency: 'BRL' };

describe('listChannels', () => {
  it('lists each channel with whether it is contracted, its price and its pairing', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const uncontracted = anActiveSeat(world, accountUid);
    await expect(listChannels(world.deps, owner, uncontracted.uid)).resolves.toEqual([
      { channel: 'chat', enabled: false, price: chatPrice, enabledAt: null, pairing: null },
    ]);
    const paired = aSeatWithPairing(world, accountUid, { status: 'challenge' });
    await expect(listChannels(world.deps, aGuardian(world, accountUid), paired.uid)).resolves.toEqual([
      {
        channel: 'chat',
        enabled: true,
        price: chatPrice,
        enabledAt: world.deps.clock.now().toISOString(),
        pairing: expect.objectContaining({ status: 'challenge', method: 'qr' }),
      },
    ]);
  });

  it('answers 404 for a seat of another family', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    await expect(listChannels(world.deps, aStranger(world), seat.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('contractChannel', () => {
  it("contracts chat at today's price on an active seat with seat.channel_enabled; a second time changes nothing", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    const first = await contractChannel(world.deps, owner, seat.uid, 'chat');
    expect(first).toMatchObject({ created: true, channels: [{ channel: 'chat', enabled: true }] });
    expect(storedSeat(world, seat)?.channels.chat).toEqual({
      price: chatPrice,
      enabledAt: world.deps.clock.now().toISOString(),
    });
    expect(eventTypes(world)).toEqual(['seat.channel_enabled']);
    await expect(contractChannel(world.deps, owner, seat.uid, 'chat')).resolves.toMatchObject({
      created: false,
    });
    expect(eventTypes(world)).toEqual(['seat.channel_enabled']);
  });

  it('is for the owner only (403 FORBIDDEN for a guardian)', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    await expect(
      contractChannel(world.deps, aGuardian(world, accountUid), seat.uid, 'chat'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers CHANNEL_UNAVAILABLE for any other channel and SEAT_NOT_ACTIVE on a pending seat', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const active = anActiveSeat(world, accountUid);
    await expect(contractChannel(world.deps, owner, active.uid, 'voice')).rejects.toMatchObject({
      code: 'CHANNEL_UNAVAILABLE',
    });
    const pending = aPendingSeat(world, accountUid);
    await expect(contractChannel(world.deps, owner, pending.uid, 'chat')).rejects.toMatchObject({
      code: 'SEAT_NOT_ACTIVE',
    });
  });

  it('answers 409 STOPPED_BY_DEPENDENT first after the person stopped their protection', async () => {
    const world = fakeWorld();
    const { owner, seat, token } = await aLinkReadyToPair(world);
    await stopProtection(world.deps, token, personIp);
    await expect(contractChannel(world.deps, owner, seat.uid, 'voice')).rejects.toMatchObject({
      code: 'STOPPED_BY_DEPENDENT',
    });
  });
});
