import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxySupplierSimulator } from '../../../localstack/simulators/proxy-supplier';
import { httpProxySupplier, httpProxySuppliers } from '../../../shared/adapters/proxy-supplier/http-supplier';
import { supplierAnswerProblems, supplierRequestProblems } from '../../support/supplier-contract';

/**
 * The supplier adapter's requests and the supplier simulator's answers, held to the service's own
 * committed supplier contract (test/fixtures/providers/proxy-supplier-openapi.json).
 */
const apiKey = 'contract-supplier-key';
let simulator: Server;
let baseUrl: string;
/** The stand-in for a loopback proxy: each call a new address, recorded. */
const opened: string[] = [];
const openProxy = () => {
  const address = `http://127.0.0.1:${40_000 + opened.length}`;
  opened.push(address);
  return Promise.resolve(address);
};
const exchanges: {
  method: string;
  url: string;
  status: number;
  requestProblems: string[];
  answer: unknown;
}[] = [];
const recording: typeof fetch = async (input, init) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const requestProblems = supplierRequestProblems(method, url, new Headers(init?.headers), body);
  const response = await fetch(input, init);
  exchanges.push({
    method,
    url,
    status: response.status,
    requestProblems,
    answer: await response.clone().json(),
  });
  return response;
};
const supplier = (key = apiKey) => httpProxySupplier({ baseUrl, apiKey: key, timeoutMs: 2_000 }, recording);
const codeOf = async (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );

beforeAll(async () => {
  simulator = await startProxySupplierSimulator({ port: 0, apiKey, openProxy });
  baseUrl = `http://127.0.0.1:${(simulator.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const { method, url, status, requestProblems, answer } of exchanges) {
    expect(requestProblems, `${method} ${url}`).toEqual([]);
    expect(supplierAnswerProblems(method, url, status, answer)).toEqual([]);
  }
  await new Promise((done) => simulator.close(done));
});

describe('the proxy supplier adapter and simulator, held to the supplier contract', () => {
  it('quotes, orders (with addresses that are opened proxies) and renews', async () => {
    const api = supplier();
    const quote = await api.quote({ product: 'br-residential', quantity: 2, days: 30, renews: null });
    expect(quote.price).toEqual({ amount: 2 * 30 * 100, currency: 'BRL' });
    const order = await api.order(quote.id);
    expect(order.proxies.map((proxy) => proxy.address)).toEqual(opened.slice(-2));
    // Spending the same quote again answers the same order: nothing is bought twice.
    expect(await api.order(quote.id)).toEqual(order);
    expect(opened).toHaveLength(2);

    const extension = await api.quote({ product: 'br-residential', quantity: 2, days: 10, renews: order.id });
    const renewal = await api.renew(order.id, extension.id);
    expect(Date.parse(renewal.expiresAt) - Date.parse(order.expiresAt)).toBe(10 * 24 * 3600 * 1000);
    expect(await api.renew(order.id, extension.id)).toEqual(renewal);
  });

  it("answers the supplier's refusals as the service's codes", async () => {
    const api = supplier();
    expect(await codeOf(api.quote({ product: 'nope', quantity: 1, days: 1, renews: null }))).toBe(
      'PRODUCT_NOT_ALLOWED',
    );
    expect(await codeOf(api.quote({ product: 'br-residential', quantity: 1, days: 1, renews: 'o_x' }))).toBe(
      'ORDER_UNKNOWN',
    );
    expect(await codeOf(api.order('q_unknown'))).toBe('QUOTE_EXPIRED');
    const quote = await api.quote({ product: 'br-residential', quantity: 1, days: 1, renews: null });
    const order = await api.order(quote.id);
    const other = await api.quote({ product: 'br-residential', quantity: 1, days: 1, renews: null });
    expect(await codeOf(api.renew(order.id, other.id))).toBe('QUOTE_NOT_AN_EXTENSION');
    expect(await codeOf(api.renew('o_unknown', other.id))).toBe('ORDER_UNKNOWN');
    await fetch(`${baseUrl}/_sim/quotes/expire`, { method: 'POST' });
    expect(await codeOf(api.order(other.id))).toBe('QUOTE_EXPIRED');
    expect(
      await codeOf(
        supplier('wrong-key').quote({ product: 'br-residential', quantity: 1, days: 1, renews: null }),
      ),
    ).toMatch(/answered 401/);
  });

  it("refuses a quote in a currency other than the budgets'", async () => {
    // The contract lets a supplier name any currency; only the service's own is a price it can weigh.
    const inDollars: typeof fetch = async (input, init) => {
      const answer = (await (await fetch(input, init)).json()) as Record<string, unknown>;
      return Response.json({ ...answer, currency: 'USD' }, { status: 201 });
    };
    const api = httpProxySupplier({ baseUrl, apiKey, timeoutMs: 2_000 }, inDollars);
    expect(
      await codeOf(api.quote({ product: 'br-residential', quantity: 1, days: 1, renews: null })),
    ).toMatch(/another currency/);
  });

  it('knows which suppliers have credentials', async () => {
    const suppliers = httpProxySuppliers(() => Promise.resolve({ sim: apiKey }), 2_000, recording);
    expect([...(await suppliers.credentialed())]).toEqual(['sim']);
    const other = {
      code: 'other',
      baseUrl,
      products: [],
      monthlyBudget: 0,
      ceilings: { maxProxies: 1, maxPerOrder: 1 },
    };
    expect(await codeOf(suppliers.of(other))).toBe('PROVIDER_NOT_CONFIGURED');
  });
});
