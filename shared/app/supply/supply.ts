import {
  checkBudget,
  checkOrder,
  checkQuoteRequest,
  checkRenewal,
  daysLeft,
  monthOf,
  orderIn,
  ordersToWarn,
  proxiesHeld,
  proxyLabel,
  renewed,
  spendableQuote,
  spentThisMonth,
  supplierOf,
  upcomingRenewals,
  type Order,
  type Quote,
  type QuoteRequest,
  type Supplier,
} from '../../domain/supply/supply';
import { StaleWrite } from '../../domain/errors';
import { money } from '../../domain/money';
import type { Operator } from '../../domain/operators/roster';
import type { Clock } from '../../ports/clock';
import type { Ids } from '../../ports/ids';
import type { AuditEntry } from '../../ports/operators';
import type { ProxyPool } from '../../ports/proxies';
import type { ProxySuppliers } from '../../ports/proxy-supplier';
import type { SupplyStore } from '../../ports/supply';
import { retryOnConflict } from '../retry-on-conflict';
import { operatorAudit } from '../operators/operators';

export interface SupplyDeps {
  clock: Clock;
  ids: Ids;
  supply: SupplyStore;
  suppliers: ProxySuppliers;
  /** The configured suppliers (`PROXY_SUPPLIERS_JSON`). */
  catalog: readonly Supplier[];
  /** How many sessions each bought proxy takes in the pool. */
  proxyCapacity: number;
  pool: Pick<ProxyPool, 'register'>;
}

const now = (deps: Pick<SupplyDeps, 'clock'>) => deps.clock.now().toISOString();
const orderTarget = (uid: string): AuditEntry['target'] => ({ kind: 'proxy_order', uid });

/** The supplier named, configured and with its credentials (`PROVIDER_UNKNOWN`, `PROVIDER_NOT_CONFIGURED`). */
const supplierNamed = async (deps: Pick<SupplyDeps, 'catalog' | 'suppliers'>, code: string) => {
  const credentialed = await deps.suppliers.credentialed();
  return supplierOf(deps.catalog, (one) => credentialed.has(one), code);
};

export const quoteView = (quote: Quote) => ({
  uid: quote.uid,
  supplier: quote.supplier,
  product: quote.product,
  quantity: quote.quantity,
  days: quote.days,
  extends: quote.extends,
  price: money(quote.price),
  expiresAt: quote.expiresAt,
});

export const orderView = (order: Order, at: string) => ({
  uid: order.uid,
  supplier: order.supplier,
  product: order.product,
  quantity: order.quantity,
  createdAt: order.createdAt,
  expiresAt: order.expiresAt,
  status: order.expiresAt > at ? ('valid' as const) : ('expired' as const),
  proxies: order.proxies.map((proxy) => proxy.label),
  payments: order.payments.map((payment) => ({ at: payment.at, price: money(payment.price) })),
});

/**
 * `POST /admin/proxy-supply/quotes`: the supplier's price for new proxies or for an order's
 * extension, checked against the product list, the ceilings and the month's budget before it is
 * kept (with the operator's audit entry).
 */
export const quoteSupply = async (deps: SupplyDeps, operator: Operator, request: QuoteRequest) => {
  const supplier = await supplierNamed(deps, request.supplier);
  const at = now(deps);
  const { state } = await deps.supply.read();
  checkQuoteRequest(supplier, state, request, at);
  const extended =
    request.extends === undefined || request.extends === null ? null : orderIn(state, request.extends);
  const priced = await (
    await deps.suppliers.of(supplier)
  ).quote({
    product: request.product,
    quantity: request.quantity,
    days: request.days,
    renews: extended?.supplierOrderId ?? null,
  });
  checkBudget(supplier, state, priced.price.amount, at);
  const quote: Quote = {
    uid: deps.ids.uid('pq'),
    supplier: supplier.code,
    product: request.product,
    quantity: request.quantity,
    days: request.days,
    extends: extended?.uid ?? null,
    price: priced.price.amount,
    createdAt: at,
    expiresAt: priced.expiresAt,
    supplierQuoteId: priced.id,
    usedAt: null,
  };
  await deps.supply.saveQuote(
    quote,
    operatorAudit(deps, operator, 'supply.quote', { kind: 'proxy_quote', uid: quote.uid }),
  );
  return quoteView(quote);
};

/** A quote's order has a uid of its own quote's: buying the same quote again is the same order. */
const orderUidOf = (quote: Quote) => `po_${quote.uid.replace(/^pq_/, '')}`;

/**
 * `POST /admin/proxy-supply/orders`: buys what a quote priced (`QUOTE_EXPIRED` when it expired or
 * was spent), decided again on the supply as it is now, and adds the proxies to the pool. The
 * supplier answers the same order for the same quote, so a retry after a lost write buys nothing
 * twice; the daily check registers any valid order's proxies the pool is missing.
 */
export const placeSupplyOrder = async (deps: SupplyDeps, operator: Operator, quoteUid: string) => {
  const order = await retryOnConflict(async () => {
    const at = now(deps);
    const quote = spendableQuote(await deps.supply.quote(quoteUid), at);
    const supplier = await supplierNamed(deps, quote.supplier);
    const { state, version } = await deps.supply.read();
    checkOrder(supplier, state, quote, at);
    const sold = await (await deps.suppliers.of(supplier)).order(quote.supplierQuoteId);
    const uid = orderUidOf(quote);
    const bought: Order = {
      uid,
      supplier: supplier.code,
      product: quote.product,
      quantity: quote.quantity,
      createdAt: at,
      expiresAt: sold.expiresAt,
      supplierOrderId: sold.id,
      proxies: sold.proxies.map((proxy, index) => ({
        label: proxyLabel(uid, index),
        address: proxy.address,
      })),
      payments: [{ at, price: quote.price }],
      warnedFor: null,
    };
    await deps.supply.saveOrder({
      version,
      order: bought,
      quote: { ...quote, usedAt: at },
      audit: operatorAudit(deps, operator, 'supply.order', orderTarget(uid)),
    });
    return bought;
  });
  await registerProxies(deps, [order]);
  return {
    order: orderView(order, now(deps)),
    proxies: order.proxies.map((proxy) => ({ label: proxy.label, capacity: deps.proxyCapacity })),
  };
};

/**
 * `POST /admin/proxy-supply/orders/{uid}/renew`: extends an order with a quote made for it
 * (`ORDER_UNKNOWN`, `QUOTE_EXPIRED`, `QUOTE_NOT_AN_EXTENSION`), within the month's budget.
 */
export const renewSupplyOrder = async (
  deps: SupplyDeps,
  operator: Operator,
  orderUid: string,
  quoteUid: string,
) => {
  const order = await retryOnConflict(async () => {
    const at = now(deps);
    const { state, version } = await deps.supply.read();
    orderIn(state, orderUid);
    const quote = spendableQuote(await deps.supply.quote(quoteUid), at);
    const supplier = await supplierNamed(deps, quote.supplier);
    const current = checkRenewal(supplier, state, orderUid, quote, at);
    const answer = await (
      await deps.suppliers.of(supplier)
    ).renew(current.supplierOrderId, quote.supplierQuoteId);
    const extended = renewed(current, quote, answer.expiresAt, at);
    await deps.supply.saveOrder({
      version,
      order: extended,
      quote: { ...quote, usedAt: at },
      audit: operatorAudit(deps, operator, 'supply.renew', orderTarget(orderUid)),
    });
    return extended;
  });
  return orderView(order, now(deps));
};

const registerProxies = (deps: Pick<SupplyDeps, 'pool' | 'proxyCapacity'>, orders: readonly Order[]) =>
  deps.pool.register(
    orders.flatMap((order) =>
      order.proxies.map((proxy) => ({
        label: proxy.label,
        address: proxy.address,
        capacity: deps.proxyCapacity,
      })),
    ),
  );

/** `GET /admin/proxy-supply/balance`: each supplier's budget this month, spent and left. */
export const readSupplyBalance = async (deps: Pick<SupplyDeps, 'clock' | 'supply' | 'catalog'>) => {
  const at = now(deps);
  const { state } = await deps.supply.read();
  return {
    month: monthOf(at),
    suppliers: deps.catalog.map((supplier) => {
      const spent = spentThisMonth(state, supplier.code, at);
      return {
        supplier: supplier.code,
        monthlyBudget: money(supplier.monthlyBudget),
        spent: money(spent),
        remaining: money(Math.max(0, supplier.monthlyBudget - spent)),
      };
    }),
  };
};

/** `GET /admin/proxy-supply/renewals`: valid orders expiring within the warning window, soonest first. */
export const listSupplyRenewals = async (deps: Pick<SupplyDeps, 'clock' | 'supply'>) => {
  const at = now(deps);
  const { state } = await deps.supply.read();
  return {
    renewals: upcomingRenewals(state, at).map((order) => ({
      orderUid: order.uid,
      supplier: order.supplier,
      product: order.product,
      quantity: order.quantity,
      expiresAt: order.expiresAt,
      daysLeft: daysLeft(order, at),
    })),
  };
};

/** `GET /admin/proxy-supply/validity`: every order, valid or expired, soonest expiry first. */
export const listSupplyValidity = async (deps: Pick<SupplyDeps, 'clock' | 'supply'>) => {
  const at = now(deps);
  const { state } = await deps.supply.read();
  return {
    orders: [...state.orders]
      .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.uid.localeCompare(b.uid))
      .map((order) => orderView(order, at)),
  };
};

/** `GET /admin/proxy-supply/ceilings`: each supplier's configured limits and what it holds now. */
export const readSupplyCeilings = async (
  deps: Pick<SupplyDeps, 'clock' | 'supply' | 'catalog' | 'suppliers'>,
) => {
  const at = now(deps);
  const [{ state }, credentialed] = await Promise.all([deps.supply.read(), deps.suppliers.credentialed()]);
  return {
    suppliers: deps.catalog.map((supplier) => ({
      supplier: supplier.code,
      products: [...supplier.products],
      monthlyBudget: money(supplier.monthlyBudget),
      maxProxies: supplier.ceilings.maxProxies,
      maxPerOrder: supplier.ceilings.maxPerOrder,
      held: proxiesHeld(state, supplier.code, at),
      configured: credentialed.has(supplier.code),
    })),
  };
};

/**
 * The daily expiry check: each order expiring within 7 days gets one audit entry (the system's) per
 * expiry, and the caller logs one line per warning (the metric). It also registers the valid
 * orders' proxies (a purchase whose process died before registering them). A late or doubled run
 * warns nobody twice.
 */
export const warnExpiringOrders = async (
  deps: Pick<SupplyDeps, 'clock' | 'ids' | 'supply' | 'pool' | 'proxyCapacity'>,
): Promise<{ order: Order; daysLeft: number }[]> => {
  const at = now(deps);
  const { state } = await deps.supply.read();
  await registerProxies(
    deps,
    state.orders.filter((order) => order.expiresAt > at),
  );
  const warned: { order: Order; daysLeft: number }[] = [];
  for (const order of ordersToWarn(state, at)) {
    const audit: AuditEntry = {
      id: deps.ids.ulid(),
      at,
      actor: { kind: 'system', uid: 'supply-expiry' },
      action: 'supply.order_expiring',
      target: orderTarget(order.uid),
    };
    try {
      await deps.supply.markWarned(order, audit);
      warned.push({ order, daysLeft: daysLeft(order, at) });
    } catch (error) {
      // Warned meanwhile by another run, or renewed: nothing to warn of.
      if (!(error instanceof StaleWrite)) throw error;
    }
  }
  return warned;
};
