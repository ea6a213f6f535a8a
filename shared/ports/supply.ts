import type { Order, Quote, SupplyState } from '../domain/supply/supply';
import type { AuditEntry } from './operators';

/** The supply as read: its orders and the version every order or renewal moves. */
export interface SupplyRead {
  state: SupplyState;
  version: number;
}

/**
 * The proxy supply's records: quotes, orders and the version of the whole. A purchase or renewal is
 * written only if the supply did not move since it was decided and its quote is still unspent
 * (else `StaleWrite`: the use case reads and decides again).
 */
export interface SupplyStore {
  read(): Promise<SupplyRead>;
  quote(uid: string): Promise<Quote | null>;
  /** A new quote with the operator's audit entry. */
  saveQuote(quote: Quote, audit: AuditEntry): Promise<void>;
  /** The order as bought or renewed, its quote spent and the operator's audit entry: all or none. */
  saveOrder(change: { version: number; order: Order; quote: Quote; audit: AuditEntry }): Promise<void>;
  /** An order marked warned of its expiry, with the system's audit entry: once per expiry. */
  markWarned(order: Order, audit: AuditEntry): Promise<void>;
}
