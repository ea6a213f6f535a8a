import { fail } from '../../domain/errors';
import { money, serviceCurrency } from '../../domain/money';
import type { Supplier } from '../../domain/supply/supply';
import type { ProxySupplier, ProxySuppliers } from '../../ports/proxy-supplier';
import * as z from '../../validation/z';

/**
 * The suppliers' HTTP API (`docs/proxy-supply.md`; its contract is the committed
 * test/fixtures/providers/proxy-supplier-openapi.json, which the adapter and the local simulator are
 * both held to). Every call carries the supplier's key as a Bearer token and has a time limit.
 */
const quoteAnswer = z.looseObject({
  id: z.string(),
  price: z.int(),
  currency: z.string(),
  expiresAt: z.string(),
});
const orderAnswer = z.looseObject({
  id: z.string(),
  expiresAt: z.string(),
  proxies: z.array(z.looseObject({ address: z.string() })),
});
const renewalAnswer = z.looseObject({ id: z.string(), expiresAt: z.string() });

/** The supplier's refusals that are the operator's to fix; anything else is the supplier failing. */
const refusals = {
  404: 'ORDER_UNKNOWN',
  409: 'QUOTE_NOT_AN_EXTENSION',
  410: 'QUOTE_EXPIRED',
  422: 'PRODUCT_NOT_ALLOWED',
} as const;

export const httpProxySupplier = (
  settings: { baseUrl: string; apiKey: string; timeoutMs: number },
  send: typeof fetch = (...args) => fetch(...args),
): ProxySupplier => {
  const call = async <T>(path: string, body: unknown, answer: z.ZodMiniType<T>): Promise<T> => {
    const response = await send(`${settings.baseUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (response.ok) return answer.parse(await response.json());
    const refusal = refusals[response.status as keyof typeof refusals] as
      (typeof refusals)[keyof typeof refusals] | undefined;
    if (refusal !== undefined) throw fail(refusal);
    throw new Error(`proxy supplier answered ${response.status}`);
  };
  return {
    async quote({ product, quantity, days, renews }) {
      const quoted = await call(
        '/v1/quotes',
        { product, quantity, days, ...(renews === null ? {} : { renews }) },
        quoteAnswer,
      );
      // Budgets are in the service's currency: another currency's amount is no price to weigh.
      if (quoted.currency !== serviceCurrency) throw new Error('proxy supplier quoted another currency');
      return { id: quoted.id, price: money(quoted.price), expiresAt: quoted.expiresAt };
    },
    order: (quoteId) => call('/v1/orders', { quoteId }, orderAnswer),
    renew: (orderId, quoteId) =>
      call(`/v1/orders/${encodeURIComponent(orderId)}/renewals`, { quoteId }, renewalAnswer),
  };
};

/** The suppliers, by code, with the keys their secret holds (read once, when first needed). */
export const httpProxySuppliers = (
  keys: () => Promise<Readonly<Record<string, string>>>,
  timeoutMs: number,
  send?: typeof fetch,
): ProxySuppliers => ({
  credentialed: async () => new Set(Object.keys(await keys())),
  async of(supplier: Supplier) {
    const apiKey = (await keys())[supplier.code];
    if (apiKey === undefined) throw fail('PROVIDER_NOT_CONFIGURED');
    return httpProxySupplier({ baseUrl: supplier.baseUrl, apiKey, timeoutMs }, send);
  },
});
