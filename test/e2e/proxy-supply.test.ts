import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoAuditTrail } from '../../shared/adapters/dynamo/operators.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { httpConnectProxyCheck } from '../../shared/adapters/proxy-check/http-connect';
import { call } from './support/api';
import { stackTable } from './support/consent';
import { awaitLogLines } from './support/logs';
import { operator } from './support/operators';

/**
 * Proxy supply through the API, the supplier simulator and the table: every code of the supply
 * rules, the reads, and the daily check's warning of an order about to expire.
 */
let token = '';
const bought: string[] = [];
const quote = async (body: Record<string, unknown>) =>
  call('POST', '/admin/proxy-supply/quotes', {
    token,
    body: { supplier: 'sim', product: 'br-residential', quantity: 1, days: 30, ...body },
  });
const brl = (amount: number) => ({ amount, currency: 'BRL' });
/** Any amount of money: an object with its currency, never a bare number. */
const someMoney = { amount: expect.any(Number), currency: 'BRL' };
const codeOf = (answer: { status: number; body: { error?: { code: string } } }) =>
  `${answer.status} ${answer.body.error?.code ?? ''}`;

beforeAll(async () => {
  token = (await operator('operator')).token;
});
// The bought proxies are retired again: the other tests count on the pool's configured slots only.
afterAll(async () => {
  const pool = (await call('GET', '/admin/proxies', { token })).body.data.proxies as {
    uid: string;
    label: string;
  }[];
  for (const proxy of pool.filter(({ label }) => bought.includes(label)))
    expect((await call('POST', `/admin/proxies/${proxy.uid}/retire`, { token })).status).toBe(200);
});

describe('proxy supply', () => {
  it('quotes, orders (adding the proxies to the pool) and renews', async () => {
    const quoted = await quote({ quantity: 2, days: 5 });
    expect(quoted.status).toBe(201);
    expect(quoted.body.data).toMatchObject({ price: brl(2 * 5 * 100), extends: null });

    const ordered = await call('POST', '/admin/proxy-supply/orders', {
      token,
      body: { quoteUid: quoted.body.data.uid },
    });
    expect(ordered.status).toBe(201);
    const { order, proxies } = ordered.body.data;
    bought.push(...order.proxies);
    expect(order.payments).toEqual([{ at: order.createdAt, price: brl(2 * 5 * 100) }]);
    expect(proxies).toEqual(order.proxies.map((label: string) => ({ label, capacity: 10 })));
    const pool = await dynamoProxyPool(stackTable()).list();
    const sold = (await (await fetch(`${inject('supplierUrl')}/_sim/orders`)).json()) as {
      proxies: { address: string }[];
    }[];
    const soldAddresses = sold.flatMap((one) => one.proxies.map((proxy) => proxy.address));
    for (const label of order.proxies)
      expect(soldAddresses).toContain(pool.find((proxy) => proxy.label === label)?.address);
    // Each address sold really takes proxy connections: a tunnel opens through it to the gateway.
    const tunnel = httpConnectProxyCheck({
      target: new URL(inject('gatewayUrl')).host,
      timeoutMs: 5_000,
      allowLoopback: true,
    });
    for (const label of order.proxies) {
      const address = pool.find((proxy) => proxy.label === label)?.address ?? '';
      expect(await tunnel.check(address), address).toBe('reached');
    }

    // The same quote buys once.
    expect(
      codeOf(
        await call('POST', '/admin/proxy-supply/orders', { token, body: { quoteUid: quoted.body.data.uid } }),
      ),
    ).toBe('422 QUOTE_EXPIRED');

    // Due for renewal (5 days left), then the daily check warns of it once, audited.
    const renewals = await call('GET', '/admin/proxy-supply/renewals', { token });
    expect(renewals.body.data.renewals).toContainEqual(
      expect.objectContaining({ orderUid: order.uid, daysLeft: 5 }),
    );
    const [warning] = await awaitLogLines<{ orderUid?: string; outcome?: string }>(
      'supply.order_expiring',
      (line) => line.orderUid === order.uid,
      1,
      15_000,
    );
    expect(warning?.outcome).toBe('order_expiring');
    const audit = await dynamoAuditTrail(stackTable()).page({ after: null, limit: 200 });
    expect(
      audit.filter((entry) => entry.action === 'supply.order_expiring' && entry.target.uid === order.uid),
    ).toHaveLength(1);

    const extension = await quote({ quantity: 2, days: 30, extends: order.uid });
    expect(extension.status).toBe(201);
    const other = await quote({ quantity: 1 });
    expect(
      codeOf(
        await call('POST', `/admin/proxy-supply/orders/${order.uid}/renew`, {
          token,
          body: { quoteUid: other.body.data.uid },
        }),
      ),
    ).toBe('422 QUOTE_NOT_AN_EXTENSION');
    expect(
      codeOf(
        await call('POST', '/admin/proxy-supply/orders/po_unknown/renew', {
          token,
          body: { quoteUid: extension.body.data.uid },
        }),
      ),
    ).toBe('422 ORDER_UNKNOWN');
    const renewed = await call('POST', `/admin/proxy-supply/orders/${order.uid}/renew`, {
      token,
      body: { quoteUid: extension.body.data.uid },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.payments.map((payment: { price: unknown }) => payment.price)).toEqual([
      brl(2 * 5 * 100),
      brl(2 * 30 * 100),
    ]);
    expect(Date.parse(renewed.body.data.expiresAt) - Date.parse(order.expiresAt)).toBe(30 * 24 * 3600 * 1000);

    const validity = await call('GET', '/admin/proxy-supply/validity', { token });
    expect(validity.body.data.orders).toContainEqual(
      expect.objectContaining({ uid: order.uid, status: 'valid', expiresAt: renewed.body.data.expiresAt }),
    );
    const balance = await call('GET', '/admin/proxy-supply/balance', { token });
    expect(balance.body.data.suppliers).toContainEqual({
      supplier: 'sim',
      monthlyBudget: brl(500_000),
      spent: someMoney,
      remaining: someMoney,
    });
    const ceilings = await call('GET', '/admin/proxy-supply/ceilings', { token });
    expect(ceilings.body.data.suppliers).toEqual([
      expect.objectContaining({
        supplier: 'sim',
        monthlyBudget: brl(500_000),
        maxPerOrder: 10,
        maxProxies: 50,
        configured: true,
      }),
      expect.objectContaining({ supplier: 'keyless', configured: false }),
    ]);
  });

  it('answers every code of the supply rules', async () => {
    expect(codeOf(await quote({ supplier: 'nobody' }))).toBe('422 PROVIDER_UNKNOWN');
    expect(codeOf(await quote({ supplier: 'keyless' }))).toBe('422 PROVIDER_NOT_CONFIGURED');
    expect(codeOf(await quote({ product: 'us-datacenter' }))).toBe('422 PRODUCT_NOT_ALLOWED');
    expect(codeOf(await quote({ quantity: 11 }))).toBe('422 TOO_MANY');
    const overBudget = await quote({ product: 'br-mobile', quantity: 10, days: 366 });
    expect(codeOf(overBudget)).toBe('422 BUDGET_EXCEEDED');
    expect(overBudget.body.error.details).toEqual({
      monthlyBudget: brl(500_000),
      spent: someMoney,
      price: brl(10 * 366 * 250),
    });

    const quoted = await quote({});
    await fetch(`${inject('supplierUrl')}/_sim/quotes/expire`, { method: 'POST' });
    expect(
      codeOf(
        await call('POST', '/admin/proxy-supply/orders', { token, body: { quoteUid: quoted.body.data.uid } }),
      ),
    ).toBe('422 QUOTE_EXPIRED');
    expect(
      codeOf(await call('POST', '/admin/proxy-supply/orders', { token, body: { quoteUid: 'pq_unknown' } })),
    ).toBe('422 QUOTE_EXPIRED');
  });

  it('audits every read, and refuses a call without an operator token', async () => {
    expect((await call('GET', '/admin/proxy-supply/balance')).status).toBe(401);
    const before = await dynamoAuditTrail(stackTable()).page({ after: null, limit: 1 });
    await call('GET', '/admin/proxy-supply/ceilings', { token });
    const [latest] = await dynamoAuditTrail(stackTable()).page({ after: null, limit: 1 });
    expect(latest?.id).not.toBe(before[0]?.id);
    expect(latest).toMatchObject({ action: 'read:supply-ceilings', actor: { kind: 'operator' } });
  });
});
