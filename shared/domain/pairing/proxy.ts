/**
 * The addresses sessions go out through. Each has a capacity; a burned address is never bound
 * again. Binding takes one slot of an address with room, and ending a pairing gives it back.
 */
export interface ProxyAddress {
  label: string;
  /** `http://user:pass@host:port` */
  address: string;
  capacity: number;
}

export interface ProxyState extends ProxyAddress {
  bound: number;
  burned: boolean;
}

export const hasRoom = (proxy: ProxyState): boolean => !proxy.burned && proxy.bound < proxy.capacity;

/** Least used first, so sessions spread over the addresses. */
export const bindingOrder = (proxies: readonly ProxyState[]): ProxyState[] =>
  proxies
    .filter(hasRoom)
    .sort((a, b) => a.bound / a.capacity - b.bound / b.capacity || a.label.localeCompare(b.label));
