import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxySupplierSimulator } from '../../localstack/simulators/proxy-supplier';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoAuditTrail } from '../../shared/adapters/dynamo/operators.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { dynamoSupplyStore } from '../../shared/adapters/dynamo/supply.store';
import { httpProxySuppliers } from '../../shared/adapters/proxy-supplier/http-supplier';
import {
  placeSupplyOrder,
  quoteSupply,
  renewSupplyOrder,
  readSupplyBalance,
  readSupplyCeilings,
  listSupplyRenewals,
  warnExpiringOrders,
  type SupplyDeps,
} from '../../shared/app/supply/supply';
import type { Operator } from '../../shared/domain/operators/roster';
import { freshTable } from '../support/table';

/** The supply use cases on DynamoDB Local, buying from the supplier simulator over HTTP. */
const apiKey = 'integration-supplier-key';
let simulator: Server;
let baseUrl: string;
let opened = 0;
const openProxy = () => Promise.resolve(`http://127.0.0.1:${41_000 + (opened += 1)}`);
const operator: Operator = { uid: 'op_1', email: 'ops@example.com', role: 'operator' };

beforeAll(async () => {
  simulator = await startProxySupplierSimulator({ port: 0, apiKey, openProxy });
  baseUrl = `http://127.0.0.1:${(simulator.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => simulator.close(done)));

const supplyOn = async (overrides: { monthlyBudget?: number; maxProxies?: number } = {}) => {
  const table = await freshTable();
  const deps: SupplyDeps = {
    clock: { now: () => new Date() },
    ids: cryptoIds(),
    supply: dynamoSupplyStore(table),
    suppliers: httpProxySuppliers(() => Promise.resolve({ sim: apiKey }), 2_000),
    catalog: [
      {
        code: 'sim',
        baseUrl,
        products: ['br-residential'],
        monthlyBudget: overrides.monthlyBudget ?? 100_000,
        ceilings: { maxProxies: overrides.maxProxies ?? 10, maxPerOrder: 4 },
      },
    ],
    proxyCapacity: 5,
    pool: dynamoProxyPool(table),
  };
  return { deps, pool: dynamoProxyPool(table), audit: dynamoAuditTrail(table) };
};
const codeOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
const request = { supplier: 'sim', product: 'br-residential', quantity: 2, days: 30 };
const brl = (amount: number) => ({ amount, currency: 'BRL' });

describe('proxy supply', () => {
  it('buys a quote once, adds its proxies to the pool and renews the order', async () => {
    const { deps, pool, audit } = await supplyOn();
    const quote = await quoteSupply(deps, operator, request);
    expect(quote.price).toEqual(brl(6_000));
    const bought = await placeSupplyOrder(deps, operator, quote.uid);
    expect(bought.proxies).toHaveLength(2);
    expect((await pool.list()).map((proxy) => proxy.label).sort()).toEqual(bought.order.proxies.sort());
    expect(await codeOf(placeSupplyOrder(deps, operator, quote.uid))).toBe('QUOTE_EXPIRED');

    const extension = await quoteSupply(deps, operator, { ...request, days: 10, extends: bought.order.uid });
    expect(await codeOf(renewSupplyOrder(deps, operator, 'po_unknown', extension.uid))).toBe('ORDER_UNKNOWN');
    const renewed = await renewSupplyOrder(deps, operator, bought.order.uid, extension.uid);
    expect(Date.parse(renewed.expiresAt) - Date.parse(bought.order.expiresAt)).toBe(10 * 24 * 3600 * 1000);
    expect(bought.order.payments.map((payment) => payment.price)).toEqual([brl(6_000)]);
    expect(renewed.payments.map((payment) => payment.price)).toEqual([brl(6_000), brl(2_000)]);
    expect((await readSupplyBalance(deps)).suppliers[0]).toEqual({
      supplier: 'sim',
      monthlyBudget: brl(100_000),
      spent: brl(8_000),
      remaining: brl(92_000),
    });
    expect((await readSupplyCeilings(deps)).suppliers[0]).toMatchObject({
      monthlyBudget: brl(100_000),
      held: 2,
      configured: true,
    });
    const actions = (await audit.page({ after: null, limit: 10 })).map((entry) => entry.action);
    expect(actions.sort()).toEqual(['supply.order', 'supply.quote', 'supply.quote', 'supply.renew']);
  });

  it('lets only one of two orders racing for the last of the budget through', async () => {
    const { deps } = await supplyOn({ monthlyBudget: 6_000 });
    const [first, second] = [
      await quoteSupply(deps, operator, request),
      await quoteSupply(deps, operator, request),
    ];
    const results = await Promise.all(
      [first, second].map((quote) => codeOf(placeSupplyOrder(deps, operator, quote.uid))),
    );
    expect(results.sort()).toEqual(['BUDGET_EXCEEDED', undefined]);
  });

  it('lets only one of two orders racing for the last proxies of the ceiling through', async () => {
    const { deps } = await supplyOn({ maxProxies: 3 });
    const [first, second] = [
      await quoteSupply(deps, operator, request),
      await quoteSupply(deps, operator, request),
    ];
    const results = await Promise.all(
      [first, second].map((quote) => codeOf(placeSupplyOrder(deps, operator, quote.uid))),
    );
    expect(results.sort()).toEqual(['TOO_MANY', undefined]);
  });

  it('warns once of an order expiring within 7 days', async () => {
    const { deps, audit } = await supplyOn();
    const quote = await quoteSupply(deps, operator, { ...request, days: 5 });
    const { order } = await placeSupplyOrder(deps, operator, quote.uid);
    expect((await listSupplyRenewals(deps)).renewals).toEqual([
      expect.objectContaining({ orderUid: order.uid, daysLeft: 5 }),
    ]);
    const [first, again] = [await warnExpiringOrders(deps), await warnExpiringOrders(deps)];
    expect(first.map((warned) => warned.order.uid)).toEqual([order.uid]);
    expect(again).toEqual([]);
    const warnings = (await audit.page({ after: null, limit: 10 })).filter(
      (entry) => entry.action === 'supply.order_expiring',
    );
    expect(warnings).toEqual([
      expect.objectContaining({
        actor: { kind: 'system', uid: 'supply-expiry' },
        target: { kind: 'proxy_order', uid: order.uid },
      }),
    ]);
  });
});
