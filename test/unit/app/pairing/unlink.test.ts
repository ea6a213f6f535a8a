import { describe, expect, it } from 'vitest';
import { sessionEnd } from '../../../../shared/app/pairing/sessions';
import { unlinkPairing } from '../../../../shared/app/pairing/unlink';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import {
  aFamily,
  aGuardian,
  anActiveSeat,
  aPairedSeat,
  aProxy,
  aSeatWithPairing,
  aStranger,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';

const endedSessions = (world: FakeWorld) =>
  world.deps.sessionEnds.bodies().map((body) => sessionEnd.parse(body).sessionName);

describe('unlinkPairing', () => {
  it('revokes the open pairing, gives its proxy slot back and ends its session at the provider', async () => {
    const world = fakeWorld();
    await aProxy(world);
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    await expect(unlinkPairing(world.deps, aGuardian(world, accountUid), seat.uid)).resolves.toBeUndefined();
    expect(storedSeat(world, seat)?.pairing).toMatchObject({
      status: 'revoked',
      failureReason: 'unlinked_by_guardian',
    });
    expect(world.table.proxies.get('sp-1')?.bound).toBe(0);
    expect(endedSessions(world)).toEqual([seat.pairing?.sessionName]);
    expect(eventTypes(world)).toContain('pairing.status');
  });

  it('is done on one’s own seat whatever its pairing: none, or one already ended, changes nothing', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const never = anActiveSeat(world, accountUid);
    const ended = aSeatWithPairing(world, accountUid, { status: 'disconnected' });
    await expect(unlinkPairing(world.deps, owner, never.uid)).resolves.toBeUndefined();
    await expect(unlinkPairing(world.deps, owner, ended.uid)).resolves.toBeUndefined();
    expect(storedSeat(world, ended)?.pairing?.status).toBe('disconnected');
    expect(eventTypes(world)).toEqual([]);
    expect(endedSessions(world)).toEqual([]);
  });

  it('answers 404 for a seat of another family', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    await expect(unlinkPairing(world.deps, aStranger(world), seat.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(storedSeat(world, seat)?.pairing?.status).toBe('paired');
  });
});
