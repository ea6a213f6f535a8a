import { fail } from '../errors';

/**
 * The addresses sessions go out through. Each has a capacity; only an `active` address is bound.
 * Binding takes one slot of an address with room, and ending a pairing (or moving it elsewhere)
 * gives it back. A `burned` address takes no new binding and its sessions are moved off it; a
 * `retired` one is out of the pool for good.
 */
export interface ProxyAddress {
  label: string;
  /** `http://user:pass@host:port` */
  address: string;
  capacity: number;
  /** When a bought address stops working (null: no end known, as for configured ones). */
  expiresAt?: string | null;
}

export const proxyStatuses = ['active', 'burned', 'retired'] as const;
export type ProxyStatus = (typeof proxyStatuses)[number];

export interface ProxyState extends ProxyAddress {
  /** The public identifier of the backoffice routes (`px_…`). */
  uid: string;
  status: ProxyStatus;
  bound: number;
  expiresAt: string | null;
}

export const hasRoom = (proxy: ProxyState): boolean =>
  proxy.status === 'active' && proxy.bound < proxy.capacity;

/** Least used first, so sessions spread over the addresses. */
export const bindingOrder = (proxies: readonly ProxyState[]): ProxyState[] =>
  proxies
    .filter(hasRoom)
    .sort((a, b) => a.bound / a.capacity - b.bound / b.capacity || a.label.localeCompare(b.label));

export type ProxyAction = 'burn' | 'retire';

/** The operator's actions on an address, as data: from which statuses each moves it, and where. */
export const proxyTable: Readonly<Record<ProxyAction, { from: readonly ProxyStatus[]; to: ProxyStatus }>> = {
  burn: { from: ['active'], to: 'burned' },
  retire: { from: ['active', 'burned'], to: 'retired' },
};

/**
 * The status an action leaves: the same status when it is already there (a repeated action changes
 * nothing); 409 `CONFLICT` when the table has no row, or when a retire finds sessions still bound
 * (they are moved off by burning it first).
 */
export const decideProxyAction = (proxy: ProxyState, action: ProxyAction): ProxyStatus => {
  const row = proxyTable[action];
  if (proxy.status === row.to) return row.to;
  if (!row.from.includes(proxy.status)) throw fail('CONFLICT', { status: proxy.status });
  if (action === 'retire' && proxy.bound > 0) throw fail('CONFLICT', { bound: proxy.bound });
  return row.to;
};
