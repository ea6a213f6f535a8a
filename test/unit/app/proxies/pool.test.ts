import { describe, expect, it } from 'vitest';
import {
  addProxy,
  burnProxy,
  listProxies,
  listProxyBindings,
  retireProxy,
} from '../../../../shared/app/proxies/pool';
import type { Operator } from '../../../../shared/domain/operators/roster';
import { fakeProxyCheck } from '../../../support/fakes/proxies';
import { fakeDeps, fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, aPairedSeat } from '../../../support/fakes/seed';

const operator: Operator = { uid: 'op-1', email: 'ops@example.com', role: 'operator' };
const address = { label: 'sp-1', address: 'http://u:p@203.0.113.7:8080', capacity: 4 };

const added = (world: FakeWorld) => addProxy(world.deps, operator, address);

describe('addProxy', () => {
  it("adds an address that carries traffic, active and empty, with the operator's audit entry", async () => {
    const world = fakeWorld();
    const proxy = await added(world);
    expect(proxy).toMatchObject({ label: 'sp-1', status: 'active', capacity: 4, used: 0 });
    expect(JSON.stringify(proxy)).not.toContain('u:p@');
    expect(world.table.audit.map((entry) => entry.action)).toEqual(['proxy.added']);
  });

  it('answers 409 CONFLICT for a label the pool has', async () => {
    const world = fakeWorld();
    await added(world);
    await expect(added(world)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('answers 422 PROXY_UNREACHABLE and PROXY_ADDRESS_NOT_PUBLIC as the check finds them, adding nothing', async () => {
    const { deps, table } = fakeDeps({
      proxyCheck: fakeProxyCheck({
        'http://a@198.51.100.1:1': 'unreachable',
        'http://a@10.0.0.1:1': 'not_public',
      }),
    });
    await expect(
      addProxy(deps, operator, { ...address, address: 'http://a@198.51.100.1:1' }),
    ).rejects.toMatchObject({ code: 'PROXY_UNREACHABLE' });
    await expect(
      addProxy(deps, operator, { ...address, address: 'http://a@10.0.0.1:1' }),
    ).rejects.toMatchObject({
      code: 'PROXY_ADDRESS_NOT_PUBLIC',
    });
    expect(table.proxies.size).toBe(0);
  });
});

describe('listProxies', () => {
  it('lists every address in label order', async () => {
    const world = fakeWorld();
    await addProxy(world.deps, operator, { ...address, label: 'sp-2' });
    await added(world);
    expect((await listProxies(world.deps)).proxies.map((proxy) => proxy.label)).toEqual(['sp-1', 'sp-2']);
  });
});

describe('listProxyBindings', () => {
  it('lists the seats whose open pairing holds a slot of the address; 404 for an unknown uid', async () => {
    const world = fakeWorld();
    const proxy = await added(world);
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    expect((await listProxyBindings(world.deps, proxy.uid)).bindings).toMatchObject([{ seatUid: seat.uid }]);
    await expect(listProxyBindings(world.deps, 'px_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('burnProxy', () => {
  it('burns the address and hands it to the burn worker; a repeated burn hands it again', async () => {
    const world = fakeWorld();
    const proxy = await added(world);
    await expect(burnProxy(world.deps, operator, proxy.uid)).resolves.toMatchObject({ status: 'burned' });
    await burnProxy(world.deps, operator, proxy.uid);
    expect(world.deps.proxyBurns.bodies()).toEqual([{ label: 'sp-1' }, { label: 'sp-1' }]);
    expect(world.table.audit.map((entry) => entry.action)).toEqual(['proxy.added', 'proxy.burned']);
  });
});

describe('retireProxy', () => {
  it('retires an empty address, and answers 409 CONFLICT while a session holds it', async () => {
    const world = fakeWorld();
    const proxy = await added(world);
    const { accountUid } = aFamily(world);
    aPairedSeat(world, accountUid, 'sp-1');
    await expect(retireProxy(world.deps, operator, proxy.uid)).rejects.toMatchObject({ code: 'CONFLICT' });
    const empty = await addProxy(world.deps, operator, { ...address, label: 'sp-2' });
    await expect(retireProxy(world.deps, operator, empty.uid)).resolves.toMatchObject({ status: 'retired' });
  });
});
