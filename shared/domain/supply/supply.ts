import { fail } from '../errors';
import { money } from '../money';

/**
 * Proxy supply: addresses bought from suppliers, within each supplier's ceilings and monthly budget.
 * A quote prices a purchase (or the extension of an order) and is valid until its `expiresAt`; an
 * order spends one quote once and brings its proxies; a renewal spends an extension quote of that
 * order and moves its expiry. Every rule here is pure: the use cases read, decide with these and
 * write (and decide again when the write finds the supply moved).
 */

/**
 * A configured supplier (`PROXY_SUPPLIERS_JSON`). Prices and budgets here and in the records are
 * bare amounts in the minor unit of the service's currency; answers give them as `Money`.
 */
export interface Supplier {
  code: string;
  baseUrl: string;
  products: readonly string[];
  monthlyBudget: number;
  ceilings: { maxProxies: number; maxPerOrder: number };
}

export interface QuoteRequest {
  supplier: string;
  product: string;
  quantity: number;
  days: number;
  /** The order this quote would extend (a renewal), or absent for new proxies. */
  extends?: string | null | undefined;
}

export interface Quote {
  uid: string;
  supplier: string;
  product: string;
  quantity: number;
  days: number;
  extends: string | null;
  price: number;
  createdAt: string;
  expiresAt: string;
  /** The supplier's own id of the quote: what the order or renewal names at the supplier. */
  supplierQuoteId: string;
  /** Set when an order or renewal spent it: a quote buys once. */
  usedAt: string | null;
}

/** One payment of an order: its purchase or one renewal, counted in the month it was made. */
export interface Payment {
  at: string;
  price: number;
}

export interface Order {
  uid: string;
  supplier: string;
  product: string;
  quantity: number;
  createdAt: string;
  expiresAt: string;
  supplierOrderId: string;
  proxies: readonly { label: string; address: string }[];
  payments: readonly Payment[];
  /** The expiry operators were last warned of (the daily check warns once per expiry). */
  warnedFor: string | null;
}

/** The supply as read in one go: what the rules decide on. */
export interface SupplyState {
  orders: readonly Order[];
}

/** How far ahead operators are warned of an order's expiry, and what the renewals list shows. */
export const expiryWarningDays = 7;
const dayMs = 24 * 3600 * 1000;

/**
 * The supplier of a request: one not configured at all is `PROVIDER_UNKNOWN`; one configured without
 * its credentials (none in the supplier secret) is `PROVIDER_NOT_CONFIGURED`.
 */
export const supplierOf = (
  suppliers: readonly Supplier[],
  hasCredentials: (code: string) => boolean,
  code: string,
): Supplier => {
  const supplier = suppliers.find((candidate) => candidate.code === code);
  if (supplier === undefined) throw fail('PROVIDER_UNKNOWN');
  if (!hasCredentials(code)) throw fail('PROVIDER_NOT_CONFIGURED');
  return supplier;
};

/** `yyyy-mm` of an instant (UTC): budgets are per calendar month. */
export const monthOf = (at: string): string => at.slice(0, 7);

/** What a supplier's orders spent in the month of `now` (purchases and renewals). */
export const spentThisMonth = (state: SupplyState, supplier: string, now: string): number =>
  state.orders
    .filter((order) => order.supplier === supplier)
    .flatMap((order) => order.payments)
    .filter((payment) => monthOf(payment.at) === monthOf(now))
    .reduce((sum, payment) => sum + payment.price, 0);

/** Proxies a supplier's orders still hold (not expired at `now`). */
export const proxiesHeld = (state: SupplyState, supplier: string, now: string): number =>
  state.orders
    .filter((order) => order.supplier === supplier && order.expiresAt > now)
    .reduce((sum, order) => sum + order.quantity, 0);

/**
 * What may be quoted, before asking the supplier for a price: an allowed product, and for new
 * proxies no more than the ceilings (per order, and held in all). An extension names an order of
 * that supplier and product, for its quantity (it holds no more proxies, so no ceiling applies).
 */
export const checkQuoteRequest = (
  supplier: Supplier,
  state: SupplyState,
  request: QuoteRequest,
  now: string,
): void => {
  if (!supplier.products.includes(request.product)) throw fail('PRODUCT_NOT_ALLOWED');
  const extended = request.extends ?? null;
  if (extended !== null) {
    const order = state.orders.find((candidate) => candidate.uid === extended);
    if (order === undefined) throw fail('ORDER_UNKNOWN');
    if (
      order.supplier !== supplier.code ||
      order.product !== request.product ||
      order.quantity !== request.quantity
    )
      throw fail('QUOTE_NOT_AN_EXTENSION');
    return;
  }
  const { maxPerOrder, maxProxies } = supplier.ceilings;
  const held = proxiesHeld(state, supplier.code, now);
  if (request.quantity > maxPerOrder || held + request.quantity > maxProxies) {
    throw fail('TOO_MANY', { maxPerOrder, maxProxies, held });
  }
};

/** A price the month's budget still covers, or `BUDGET_EXCEEDED` (its figures as `Money`). */
export const checkBudget = (supplier: Supplier, state: SupplyState, price: number, now: string): void => {
  const spent = spentThisMonth(state, supplier.code, now);
  if (spent + price > supplier.monthlyBudget) {
    throw fail('BUDGET_EXCEEDED', {
      monthlyBudget: money(supplier.monthlyBudget),
      spent: money(spent),
      price: money(price),
    });
  }
};

/** A quote that can still be spent: known, unused and before its `expiresAt`; else `QUOTE_EXPIRED`. */
export const spendableQuote = (quote: Quote | null, now: string): Quote => {
  if (quote === null || quote.usedAt !== null || quote.expiresAt <= now) throw fail('QUOTE_EXPIRED');
  return quote;
};

/**
 * A new order from a quote, decided again on the supply as it is now (other orders may have spent
 * the budget or taken the ceiling since the quote was made). An extension quote buys no new
 * proxies: it is spent on its order's renewal route (`CONFLICT` here).
 */
export const checkOrder = (supplier: Supplier, state: SupplyState, quote: Quote, now: string): void => {
  if (quote.extends !== null) throw fail('CONFLICT');
  checkQuoteRequest(supplier, state, quote, now);
  checkBudget(supplier, state, quote.price, now);
};

/** A renewal of `orderUid` with a quote: the order exists, the quote extends it, the budget covers it. */
export const checkRenewal = (
  supplier: Supplier,
  state: SupplyState,
  orderUid: string,
  quote: Quote,
  now: string,
): Order => {
  const order = orderIn(state, orderUid);
  if (quote.extends !== order.uid) throw fail('QUOTE_NOT_AN_EXTENSION');
  checkBudget(supplier, state, quote.price, now);
  return order;
};

export const orderIn = (state: SupplyState, orderUid: string): Order => {
  const order = state.orders.find((candidate) => candidate.uid === orderUid);
  if (order === undefined) throw fail('ORDER_UNKNOWN');
  return order;
};

/** The order renewed: its new expiry and the payment, with the warning of the old expiry forgotten. */
export const renewed = (order: Order, quote: Quote, expiresAt: string, now: string): Order => ({
  ...order,
  expiresAt,
  payments: [...order.payments, { at: now, price: quote.price }],
});

/** Orders still valid that expire within the warning window, soonest first. */
export const upcomingRenewals = (state: SupplyState, now: string): Order[] => {
  const horizon = new Date(Date.parse(now) + expiryWarningDays * dayMs).toISOString();
  return state.orders
    .filter((order) => order.expiresAt > now && order.expiresAt <= horizon)
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.uid.localeCompare(b.uid));
};

/** Orders to warn operators of now: expiring within the window and not yet warned of this expiry. */
export const ordersToWarn = (state: SupplyState, now: string): Order[] =>
  upcomingRenewals(state, now).filter((order) => order.warnedFor !== order.expiresAt);

/** Whole days left before an order expires (0 once expired). */
export const daysLeft = (order: Order, now: string): number =>
  Math.max(0, Math.ceil((Date.parse(order.expiresAt) - Date.parse(now)) / dayMs));

/** The labels an order's proxies get in the pool: the order's uid and a number, unique per order. */
export const proxyLabel = (orderUid: string, index: number): string => `${orderUid}-${index + 1}`;
