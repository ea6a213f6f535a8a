import type { ProxyAddress, ProxyState } from '../domain/pairing/proxy';

export interface ProxyPool {
  /** Adds the addresses not known yet (known ones keep their counts and burned flag). */
  register(addresses: readonly ProxyAddress[]): Promise<void>;
  list(): Promise<ProxyState[]>;
  /** Takes one slot of an address with room, atomically; null when every address is full or burned. */
  bind(): Promise<ProxyState | null>;
  release(label: string): Promise<void>;
  burn(label: string): Promise<void>;
}
