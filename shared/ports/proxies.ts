import type { ProxyAddress, ProxyState, ProxyStatus } from '../domain/pairing/proxy';
import type { AuditEntry } from './operators';

/** A session holding a slot of an address: the seat whose open pairing goes out through it. */
export interface ProxyBinding {
  seatUid: string;
  accountUid: string;
  /** When the pairing holding the slot started. */
  since: string;
}

export interface ProxyPool {
  /** Adds the addresses not known yet (known ones keep their counts and status). */
  register(addresses: readonly ProxyAddress[]): Promise<void>;
  /** Adds one new address with the operator's audit entry; `StaleWrite` when its label is taken. */
  add(address: ProxyAddress & { uid: string }, audit: AuditEntry): Promise<ProxyState>;
  list(): Promise<ProxyState[]>;
  /** The address of a public uid, or null. */
  find(uid: string): Promise<ProxyState | null>;
  /** Takes one slot of an address with room, atomically; null when every address is full or out. */
  bind(): Promise<ProxyState | null>;
  release(label: string): Promise<void>;
  /**
   * Moves an address to `to` with the operator's audit entry, only if it is still as read (status,
   * and no binding for a retire); `StaleWrite` otherwise.
   */
  setStatus(proxy: ProxyState, to: ProxyStatus, audit: AuditEntry): Promise<void>;
  /** The sessions bound to an address (eventually consistent: an index). */
  bindings(label: string): Promise<ProxyBinding[]>;
}
