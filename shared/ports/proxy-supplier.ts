import type { Money } from '../domain/money';
import type { Supplier } from '../domain/supply/supply';

/**
 * A supplier's price for a purchase or an extension, valid until `expiresAt`; in the service's
 * currency, that of the budgets (a quote in another is the supplier failing, never a price).
 */
export interface SupplierQuote {
  id: string;
  price: Money;
  expiresAt: string;
}

/** What a supplier sold: its order, the proxies' addresses (`http://user:pass@host:port`), their expiry. */
export interface SupplierOrder {
  id: string;
  expiresAt: string;
  proxies: { address: string }[];
}

/**
 * One supplier's API. Ordering and renewing name the supplier's quote, and the supplier answers the
 * same order again for a quote already spent, so a call repeated after a lost answer buys nothing
 * twice. A quote the supplier no longer honours is `QUOTE_EXPIRED`; an order it does not know,
 * `ORDER_UNKNOWN`; a quote that does not renew that order, `QUOTE_NOT_AN_EXTENSION`.
 */
export interface ProxySupplier {
  quote(request: {
    product: string;
    quantity: number;
    days: number;
    /** The supplier's id of the order the quote would renew. */
    renews: string | null;
  }): Promise<SupplierQuote>;
  order(quoteId: string): Promise<SupplierOrder>;
  renew(orderId: string, quoteId: string): Promise<{ id: string; expiresAt: string }>;
}

/** The configured suppliers' APIs, each with its credentials (kept in a secret of their own). */
export interface ProxySuppliers {
  /** The codes of the suppliers whose credentials are configured. */
  credentialed(): Promise<ReadonlySet<string>>;
  /** The supplier's API; only for a credentialed supplier. */
  of(supplier: Supplier): Promise<ProxySupplier>;
}
