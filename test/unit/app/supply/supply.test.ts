import { describe, expect, it } from 'vitest';
import {
  listSupplyRenewals,
  listSupplyValidity,
  placeSupplyOrder,
  quoteSupply,
  readSupplyBalance,
  readSupplyCeilings,
  renewSupplyOrder,
  warnExpiringOrders,
} from '../../../../shared/app/supply/supply';
import type { Operator } from '../../../../shared/domain/operators/roster';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';

const operator: Operator = { uid: 'op-1', email: 'ops@example.com', role: 'operator' };
const DAY_MS = 86_400_000;
const newProxies = { supplier: 'acme', product: 'br-residential', quantity: 2, days: 30 };

/** An order of two proxies for 30 days, bought through a quote. */
const anOrder = async (world: FakeWorld) => {
  const quote = await quoteSupply(world.deps, operator, newProxies);
  return (await placeSupplyOrder(world.deps, operator, quote.uid)).order;
};

describe('quoteSupply', () => {
  it("keeps the supplier's price with the operator's audit entry", async () => {
    const world = fakeWorld();
    const quote = await quoteSupply(world.deps, operator, newProxies);
    expect(quote).toMatchObject({ supplier: 'acme', quantity: 2, price: { amount: 600, currency: 'BRL' } });
    expect(world.table.audit.map((entry) => entry.action)).toEqual(['supply.quote']);
  });

  it('answers PROVIDER_UNKNOWN, PRODUCT_NOT_ALLOWED and TOO_MANY before asking the supplier', async () => {
    const world = fakeWorld();
    await expect(
      quoteSupply(world.deps, operator, { ...newProxies, supplier: 'nope' }),
    ).rejects.toMatchObject({
      code: 'PROVIDER_UNKNOWN',
    });
    await expect(
      quoteSupply(world.deps, operator, { ...newProxies, product: 'us-dc' }),
    ).rejects.toMatchObject({
      code: 'PRODUCT_NOT_ALLOWED',
    });
    await expect(quoteSupply(world.deps, operator, { ...newProxies, quantity: 11 })).rejects.toMatchObject({
      code: 'TOO_MANY',
    });
    expect(world.deps.suppliers.apis.get('acme')?.quotes.size).toBe(0);
  });

  it("answers BUDGET_EXCEEDED for a price past the month's budget", async () => {
    const world = fakeWorld();
    await expect(
      quoteSupply(world.deps, operator, { ...newProxies, quantity: 10, days: 1001 }),
    ).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
  });
});

describe('placeSupplyOrder', () => {
  it('buys what the quote priced and adds its proxies to the pool', async () => {
    const world = fakeWorld();
    const order = await anOrder(world);
    expect(order).toMatchObject({ quantity: 2, status: 'valid', payments: [{ price: { amount: 600 } }] });
    expect([...world.table.proxies.keys()]).toEqual(order.proxies);
    expect(world.table.audit.map((entry) => entry.action)).toEqual(['supply.quote', 'supply.order']);
  });

  it('answers QUOTE_EXPIRED for a quote spent or past its expiry', async () => {
    const world = fakeWorld();
    const quote = await quoteSupply(world.deps, operator, newProxies);
    await placeSupplyOrder(world.deps, operator, quote.uid);
    await expect(placeSupplyOrder(world.deps, operator, quote.uid)).rejects.toMatchObject({
      code: 'QUOTE_EXPIRED',
    });
    const late = await quoteSupply(world.deps, operator, newProxies);
    world.deps.clock.advance(2 * 3_600_000);
    await expect(placeSupplyOrder(world.deps, operator, late.uid)).rejects.toMatchObject({
      code: 'QUOTE_EXPIRED',
    });
  });
});

describe('renewSupplyOrder', () => {
  it('extends an order with a quote made for it', async () => {
    const world = fakeWorld();
    const order = await anOrder(world);
    const quote = await quoteSupply(world.deps, operator, { ...newProxies, extends: order.uid });
    const renewed = await renewSupplyOrder(world.deps, operator, order.uid, quote.uid);
    expect(renewed.payments).toHaveLength(2);
    expect(world.table.audit.at(-1)?.action).toBe('supply.renew');
  });

  it('answers ORDER_UNKNOWN and QUOTE_NOT_AN_EXTENSION', async () => {
    const world = fakeWorld();
    const order = await anOrder(world);
    const fresh = await quoteSupply(world.deps, operator, newProxies);
    await expect(renewSupplyOrder(world.deps, operator, 'po_nope', fresh.uid)).rejects.toMatchObject({
      code: 'ORDER_UNKNOWN',
    });
    await expect(renewSupplyOrder(world.deps, operator, order.uid, fresh.uid)).rejects.toMatchObject({
      code: 'QUOTE_NOT_AN_EXTENSION',
    });
  });
});

describe('readSupplyBalance', () => {
  it("shows each supplier's budget this month, spent and left", async () => {
    const world = fakeWorld();
    await anOrder(world);
    expect(await readSupplyBalance(world.deps)).toEqual({
      month: '2026-11',
      suppliers: [
        {
          supplier: 'acme',
          monthlyBudget: { amount: 100_000, currency: 'BRL' },
          spent: { amount: 600, currency: 'BRL' },
          remaining: { amount: 99_400, currency: 'BRL' },
        },
      ],
    });
  });
});

describe('readSupplyCeilings', () => {
  it('shows the configured limits, what is held and whether the supplier has credentials', async () => {
    const world = fakeWorld();
    await anOrder(world);
    expect((await readSupplyCeilings(world.deps)).suppliers).toEqual([
      expect.objectContaining({
        supplier: 'acme',
        maxProxies: 50,
        maxPerOrder: 10,
        held: 2,
        configured: true,
      }),
    ]);
  });
});

describe('listSupplyRenewals and listSupplyValidity', () => {
  it('lists an order expiring within the warning window, and every order with its validity', async () => {
    const world = fakeWorld();
    const order = await anOrder(world);
    expect((await listSupplyRenewals(world.deps)).renewals).toEqual([]);
    world.deps.clock.advance(25 * DAY_MS);
    expect((await listSupplyRenewals(world.deps)).renewals).toMatchObject([
      { orderUid: order.uid, daysLeft: 5 },
    ]);
    world.deps.clock.advance(10 * DAY_MS);
    expect((await listSupplyValidity(world.deps)).orders).toMatchObject([
      { uid: order.uid, status: 'expired' },
    ]);
  });
});

describe('warnExpiringOrders', () => {
  it('warns once per expiry with the system’s audit entry, and registers the valid orders’ proxies', async () => {
    const world = fakeWorld();
    const order = await anOrder(world);
    world.table.proxies.clear();
    world.deps.clock.advance(25 * DAY_MS);
    expect((await warnExpiringOrders(world.deps)).map((warning) => warning.order.uid)).toEqual([order.uid]);
    expect(await warnExpiringOrders(world.deps)).toEqual([]);
    expect(world.table.audit.filter((entry) => entry.action === 'supply.order_expiring')).toMatchObject([
      { actor: { kind: 'system' } },
    ]);
    expect(world.table.proxies.size).toBe(2);
  });
});
