import type { Order, Quote, Supplier } from '../../../shared/domain/supply/supply';
import type { Clock } from '../../../shared/ports/clock';
import type { ProxySupplier, ProxySuppliers, SupplierQuote } from '../../../shared/ports/proxy-supplier';
import type { SupplyStore } from '../../../shared/ports/supply';
import { requireThat, transaction, type FakeTable } from './table';

/**
 * The supply's quotes and orders (`dynamoSupplyStore`): an order or renewal is written only at the
 * version read and over an unspent quote; a warning once per expiry. Audit entries go to the table.
 */
export const fakeSupplyStore = (
  table: FakeTable,
): SupplyStore & { orders: Map<string, Order>; quotes: Map<string, Quote>; version: () => number } => {
  const orders = new Map<string, Order>();
  const quotes = new Map<string, Quote>();
  let version = 0;
  return {
    orders,
    quotes,
    version: () => version,
    read: async () => ({ state: { orders: structuredClone([...orders.values()]) }, version }),
    quote: async (uid) => structuredClone(quotes.get(uid) ?? null),
    saveQuote: async (quote, audit) => {
      transaction(
        [() => requireThat(!quotes.has(quote.uid), 'the quote exists')],
        [() => quotes.set(quote.uid, structuredClone(quote)), () => table.audit.push(structuredClone(audit))],
      );
    },
    saveOrder: async (change) => {
      transaction(
        [
          () => requireThat(version === change.version, 'the supply is at the version read'),
          () => requireThat(quotes.get(change.quote.uid)?.usedAt === null, 'the quote is unspent'),
        ],
        [
          () => (version = change.version + 1),
          () => quotes.set(change.quote.uid, structuredClone(change.quote)),
          () => orders.set(change.order.uid, structuredClone(change.order)),
          () => table.audit.push(structuredClone(change.audit)),
        ],
      );
    },
    markWarned: async (order, audit) => {
      const stored = () => orders.get(order.uid);
      transaction(
        [
          () =>
            requireThat(
              stored()?.expiresAt === order.expiresAt && stored()?.warnedFor !== order.expiresAt,
              'not warned of this expiry',
            ),
        ],
        [
          () => {
            const known = stored();
            if (known !== undefined) orders.set(order.uid, { ...known, warnedFor: order.expiresAt });
          },
          () => table.audit.push(structuredClone(audit)),
        ],
      );
    },
  };
};

/**
 * One supplier's API: quotes at `pricePerProxyDay` per proxy a day, valid an hour; the same order
 * again for a quote already ordered (a call repeated buys nothing twice).
 */
export const fakeProxySupplier = (
  clock: Clock,
  pricePerProxyDay = 10,
): ProxySupplier & {
  quotes: Map<string, SupplierQuote & { quantity: number; days: number; renews: string | null }>;
} => {
  const quotes = new Map<string, SupplierQuote & { quantity: number; days: number; renews: string | null }>();
  const orders = new Map<string, { id: string; expiresAt: string; proxies: { address: string }[] }>();
  const later = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString();
  return {
    quotes,
    quote: async ({ quantity, days, renews }) => {
      const quote = {
        id: `sq-${quotes.size + 1}`,
        price: { amount: pricePerProxyDay * quantity * days, currency: 'BRL' as const },
        expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
        quantity,
        days,
        renews,
      };
      quotes.set(quote.id, quote);
      return quote;
    },
    order: async (quoteId) => {
      const quote = quotes.get(quoteId);
      if (quote === undefined) throw new Error('QUOTE_EXPIRED');
      const known = orders.get(quoteId);
      if (known !== undefined) return structuredClone(known);
      const order = {
        id: `so-${orders.size + 1}`,
        expiresAt: later(quote.days),
        proxies: Array.from({ length: quote.quantity }, (_, index) => ({
          address: `http://u:p@proxy-${orders.size + 1}-${index + 1}.example.com:8080`,
        })),
      };
      orders.set(quoteId, order);
      return structuredClone(order);
    },
    renew: async (orderId, quoteId) => {
      const quote = quotes.get(quoteId);
      if (quote?.renews !== orderId) throw new Error('QUOTE_NOT_AN_EXTENSION');
      return { id: orderId, expiresAt: later(quote.days) };
    },
  };
};

/** The suppliers with credentials: each named one answers with its own fake API. */
export const fakeProxySuppliers = (
  clock: Clock,
  credentialed: readonly string[],
): ProxySuppliers & { apis: Map<string, ReturnType<typeof fakeProxySupplier>> } => {
  const apis = new Map(credentialed.map((code) => [code, fakeProxySupplier(clock)]));
  return {
    apis,
    credentialed: async () => new Set(apis.keys()),
    of: async (supplier: Supplier) => {
      const api = apis.get(supplier.code);
      if (api === undefined) throw new Error(`no credentials for ${supplier.code}`);
      return api;
    },
  };
};
