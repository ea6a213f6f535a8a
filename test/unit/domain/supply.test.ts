import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  checkQuoteRequest,
  checkRenewal,
  ordersToWarn,
  proxiesHeld,
  spendableQuote,
  spentThisMonth,
  supplierOf,
  upcomingRenewals,
  type Order,
  type Quote,
  type Supplier,
} from '../../../shared/domain/supply/supply';

const now = '2026-11-24T12:00:00.000Z';
const supplier: Supplier = {
  code: 'acme',
  baseUrl: 'http://127.0.0.1:1',
  products: ['br-residential'],
  monthlyBudget: 10_000,
  ceilings: { maxProxies: 10, maxPerOrder: 4 },
};
const order = (overrides: Partial<Order> = {}): Order => ({
  uid: 'po_1',
  supplier: 'acme',
  product: 'br-residential',
  quantity: 4,
  createdAt: '2026-11-01T00:00:00.000Z',
  expiresAt: '2026-12-20T00:00:00.000Z',
  supplierOrderId: 'so_1',
  proxies: [],
  payments: [{ at: '2026-11-01T00:00:00.000Z', price: 4_000 }],
  warnedFor: null,
  ...overrides,
});
const quote = (overrides: Partial<Quote> = {}): Quote => ({
  uid: 'pq_1',
  supplier: 'acme',
  product: 'br-residential',
  quantity: 2,
  days: 30,
  extends: null,
  price: 1_000,
  createdAt: now,
  expiresAt: '2026-11-24T12:10:00.000Z',
  supplierQuoteId: 'sq_1',
  usedAt: null,
  ...overrides,
});
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};
const request = { supplier: 'acme', product: 'br-residential', quantity: 2, days: 30 };

describe('proxy supply rules', () => {
  it('knows a supplier only when configured, and uses it only with its credentials', () => {
    expect(codeOf(() => supplierOf([supplier], () => true, 'other'))).toBe('PROVIDER_UNKNOWN');
    expect(codeOf(() => supplierOf([supplier], () => false, 'acme'))).toBe('PROVIDER_NOT_CONFIGURED');
    expect(supplierOf([supplier], () => true, 'acme')).toBe(supplier);
  });

  it('quotes only allowed products', () => {
    const state = { orders: [] };
    expect(codeOf(() => checkQuoteRequest(supplier, state, { ...request, product: 'us-dc' }, now))).toBe(
      'PRODUCT_NOT_ALLOWED',
    );
    expect(codeOf(() => checkQuoteRequest(supplier, state, request, now))).toBeUndefined();
  });

  it('answers TOO_MANY over the per-order ceiling and over the proxies held in all', () => {
    expect(codeOf(() => checkQuoteRequest(supplier, { orders: [] }, { ...request, quantity: 5 }, now))).toBe(
      'TOO_MANY',
    );
    const held = { orders: [order({ quantity: 4 }), order({ uid: 'po_2', quantity: 4 })] };
    expect(proxiesHeld(held, 'acme', now)).toBe(8);
    expect(codeOf(() => checkQuoteRequest(supplier, held, { ...request, quantity: 3 }, now))).toBe(
      'TOO_MANY',
    );
    expect(codeOf(() => checkQuoteRequest(supplier, held, { ...request, quantity: 2 }, now))).toBeUndefined();
    // An expired order holds nothing any more.
    const expired = {
      orders: [order({ quantity: 4, expiresAt: '2026-11-01T00:00:00.000Z' }), ...held.orders],
    };
    expect(proxiesHeld(expired, 'acme', now)).toBe(8);
  });

  it('checks an extension against its order, not against the ceilings', () => {
    const state = { orders: [order()] };
    const extension = { ...request, quantity: 4, extends: 'po_1' };
    expect(codeOf(() => checkQuoteRequest(supplier, state, extension, now))).toBeUndefined();
    expect(codeOf(() => checkQuoteRequest(supplier, state, { ...extension, extends: 'po_x' }, now))).toBe(
      'ORDER_UNKNOWN',
    );
    expect(codeOf(() => checkQuoteRequest(supplier, state, { ...extension, quantity: 3 }, now))).toBe(
      'QUOTE_NOT_AN_EXTENSION',
    );
  });

  it("counts the month's purchases and renewals against the budget", () => {
    const state = {
      orders: [
        order({
          payments: [
            { at: '2026-10-30T00:00:00.000Z', price: 9_000 },
            { at: '2026-11-02T00:00:00.000Z', price: 8_500 },
          ],
        }),
      ],
    };
    expect(spentThisMonth(state, 'acme', now)).toBe(8_500);
    expect(codeOf(() => checkOrder(supplier, state, quote({ price: 1_500 }), now))).toBeUndefined();
    expect(codeOf(() => checkOrder(supplier, state, quote({ price: 1_501 }), now))).toBe('BUDGET_EXCEEDED');
  });

  it("gives the refused price, the month's budget and its spending as money", () => {
    const state = { orders: [order({ payments: [{ at: '2026-11-02T00:00:00.000Z', price: 8_500 }] })] };
    expect(() => checkOrder(supplier, state, quote({ price: 1_501 }), now)).toThrow(
      expect.objectContaining({
        code: 'BUDGET_EXCEEDED',
        details: {
          monthlyBudget: { amount: 10_000, currency: 'BRL' },
          spent: { amount: 8_500, currency: 'BRL' },
          price: { amount: 1_501, currency: 'BRL' },
        },
      }),
    );
  });

  it('spends a quote once, before it expires', () => {
    expect(codeOf(() => spendableQuote(null, now))).toBe('QUOTE_EXPIRED');
    expect(codeOf(() => spendableQuote(quote({ usedAt: now }), now))).toBe('QUOTE_EXPIRED');
    expect(codeOf(() => spendableQuote(quote({ expiresAt: now }), now))).toBe('QUOTE_EXPIRED');
    expect(spendableQuote(quote(), now).uid).toBe('pq_1');
  });

  it('renews an order only with a quote that extends it', () => {
    const state = { orders: [order()] };
    expect(codeOf(() => checkRenewal(supplier, state, 'po_x', quote({ extends: 'po_1' }), now))).toBe(
      'ORDER_UNKNOWN',
    );
    expect(codeOf(() => checkRenewal(supplier, state, 'po_1', quote(), now))).toBe('QUOTE_NOT_AN_EXTENSION');
    expect(checkRenewal(supplier, state, 'po_1', quote({ extends: 'po_1' }), now).uid).toBe('po_1');
    // An extension quote buys no new proxies.
    expect(codeOf(() => checkOrder(supplier, state, quote({ extends: 'po_1' }), now))).toBe('CONFLICT');
  });

  it('warns of an order expiring within 7 days once per expiry', () => {
    const soon = order({ uid: 'po_s', expiresAt: '2026-11-30T00:00:00.000Z' });
    const later = order({ uid: 'po_l', expiresAt: '2026-12-02T00:00:00.000Z' });
    const gone = order({ uid: 'po_g', expiresAt: '2026-11-20T00:00:00.000Z' });
    const state = { orders: [later, soon, gone] };
    expect(upcomingRenewals(state, now).map((o) => o.uid)).toEqual(['po_s']);
    expect(ordersToWarn(state, now).map((o) => o.uid)).toEqual(['po_s']);
    const warned = { orders: [{ ...soon, warnedFor: soon.expiresAt }] };
    expect(ordersToWarn(warned, now)).toEqual([]);
  });
});
