import { describe, expect, it } from 'vitest';
import { moveOffBurnedProxy } from '../../../../shared/app/proxies/burn';
import { burnProxy, addProxy } from '../../../../shared/app/proxies/pool';
import type { Operator } from '../../../../shared/domain/operators/roster';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, aPairedSeat, storedSeat } from '../../../support/fakes/seed';

const operator: Operator = { uid: 'op-1', email: 'ops@example.com', role: 'operator' };

/** A paired seat on `sp-1`, which the operator burned. */
const burnedWithSession = async (world: FakeWorld) => {
  const burned = await addProxy(world.deps, operator, {
    label: 'sp-1',
    address: 'http://u:p@203.0.113.7:1',
    capacity: 2,
  });
  const { accountUid, owner } = aFamily(world);
  const seat = aPairedSeat(world, accountUid, 'sp-1');
  await burnProxy(world.deps, operator, burned.uid);
  return { seat, owner };
};

describe('moveOffBurnedProxy', () => {
  it('moves each session to the address with most room, the slots following it', async () => {
    const world = fakeWorld();
    await addProxy(world.deps, operator, { label: 'sp-2', address: 'http://u:p@203.0.113.8:1', capacity: 2 });
    const { seat } = await burnedWithSession(world);
    await expect(moveOffBurnedProxy(world.deps, { label: 'sp-1' })).resolves.toEqual({
      moved: 1,
      reconnectRequired: 0,
    });
    expect(storedSeat(world, seat)?.pairing?.proxyLabel).toBe('sp-2');
    expect(world.table.proxies.get('sp-1')?.bound).toBe(0);
    expect(world.table.proxies.get('sp-2')?.bound).toBe(1);
  });

  it('ends the pairing when no address has room, telling the guardians to pair again', async () => {
    const world = fakeWorld();
    const { seat, owner } = await burnedWithSession(world);
    await expect(moveOffBurnedProxy(world.deps, { label: 'sp-1' })).resolves.toEqual({
      moved: 0,
      reconnectRequired: 1,
    });
    expect(storedSeat(world, seat)?.pairing).toMatchObject({ failureReason: 'proxy_burned' });
    expect(world.table.inbox.get(owner.userUid)?.map((entry) => entry.type)).toContain(
      'pairing.reconnect_required',
    );
    expect(world.deps.sessionEnds.sent).toHaveLength(1);
  });

  it('asks nothing of an address that is not burned', async () => {
    const world = fakeWorld();
    await expect(moveOffBurnedProxy(world.deps, { label: 'sp-9' })).resolves.toEqual({
      moved: 0,
      reconnectRequired: 0,
    });
  });
});
