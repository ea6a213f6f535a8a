import type { LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the service may connect when somebody else names the host (the proxy address an operator
 * adds, the profile photo URL the session provider answers): public addresses only. A loopback,
 * link-local (the cloud's metadata service, 169.254.169.254), private, shared, unspecified or
 * multicast address reaches the service's own machine or network, never a proxy's or a CDN's. Loopback is allowed only where `LOOPBACK_PEERS` says so: the
 * local stack, whose simulators listen there.
 */
export interface PeerPolicy {
  /** True only in the local stack (`LOOPBACK_PEERS=allowed`). */
  allowLoopback: boolean;
}

/** The policy of the settings (`LOOPBACK_PEERS`, shared/config/config.ts). */
export const peerPolicy = (settings: { LOOPBACK_PEERS: 'refused' | 'allowed' }): PeerPolicy => ({
  allowLoopback: settings.LOOPBACK_PEERS === 'allowed',
});

/**
 * The blocks of addresses, built on first use: every function reads this module (the configuration
 * checks loopback URLs), few check an address, and building them costs a cold start a millisecond.
 */
let blocks: { loopback: BlockList; internal: BlockList } | undefined;
const addressBlocks = () => (blocks ??= { loopback: loopbackBlock(), internal: internalBlock() });

const loopbackBlock = (): BlockList => {
  const loopback = new BlockList();
  loopback.addSubnet('127.0.0.0', 8, 'ipv4');
  loopback.addAddress('::1', 'ipv6');
  return loopback;
};

/** Never public, whatever the policy. IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`) match the IPv4 rules. */
const internalBlock = (): BlockList => {
  const internal = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8], // unspecified, "this network"
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // shared address space (carrier NAT)
    ['169.254.0.0', 16], // link-local, the metadata service among them
    ['172.16.0.0', 12],
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.168.0.0', 16],
    ['198.18.0.0', 15], // benchmarking
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and the broadcast address
  ] as const)
    internal.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [
    ['::', 128], // unspecified
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated, still routed by some)
    ['fc00::', 7], // unique local
    ['ff00::', 8], // multicast
  ] as const)
    internal.addSubnet(network, prefix, 'ipv6');
  return internal;
};

const family = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** Whether `address` (an IP address) may be connected to under `policy`; anything else is false. */
export const isPermittedAddress = (address: string, policy: PeerPolicy): boolean => {
  if (isIP(address) === 0) return false;
  const { internal, loopback } = addressBlocks();
  if (internal.check(address, family(address))) return false;
  return policy.allowLoopback || !loopback.check(address, family(address));
};

/** A URL's hostname without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/** Loopback by its name or its literal address (a URL's hostname), without asking any resolver. */
export const isLoopbackHost = (hostname: string): boolean => {
  const host = bareHost(hostname).toLowerCase();
  if (host === 'localhost') return true;
  return isIP(host) !== 0 && addressBlocks().loopback.check(host, family(host));
};

/** Why a connection was not made: the host is, or resolves to, an address the policy refuses. */
export class NotPublicAddress extends Error {
  override readonly name = 'NotPublicAddress';
  constructor() {
    super('the host is not a public address');
  }
}

/** A name's addresses, every one of them (`dns.lookup` with `all`, by default). */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The system's resolver, its module loaded on the first name resolved (few functions resolve one). */
const systemResolve: Resolve = async (hostname) =>
  (await import('node:dns/promises')).lookup(hostname, { all: true, verbatim: true });

/** A `lookup` that answers only these addresses: the socket connects to nothing resolved later. */
const pinned =
  (addresses: readonly LookupAddress[]): LookupFunction =>
  (_name, options, callback) => {
    const wanted = addresses.filter((entry) => !options.family || entry.family === options.family);
    const [first] = wanted;
    if (first === undefined)
      return callback(Object.assign(new Error('no address of that family'), { code: 'ENOTFOUND' }), '', 0);
    if (options.all === true) callback(null, [...wanted]);
    else callback(null, first.address, first.family);
  };

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * What to give `http.request` (`host`, `lookup`) to reach `hostname` only at a permitted address.
 * A literal address is checked as it is; a name is resolved here, within `signal`, every address it
 * answers checked (one refused refuses the name), and the socket is pinned to those addresses, so
 * a name cannot answer a public address to the check and a private one to the connection. Nothing
 * is opened for a refused host. Throws `NotPublicAddress`, the resolver's error, or the signal's.
 */
export const permittedPeer = async (
  hostname: string,
  policy: PeerPolicy,
  signal: AbortSignal,
  resolve: Resolve = systemResolve,
): Promise<{ host: string; lookup?: LookupFunction }> => {
  const host = bareHost(hostname);
  const addresses =
    isIP(host) === 0
      ? await Promise.race([resolve(host), aborted(signal)])
      : [{ address: host, family: isIP(host) }];
  if (addresses.length === 0 || addresses.some((entry) => !isPermittedAddress(entry.address, policy)))
    throw new NotPublicAddress();
  return isIP(host) === 0 ? { host, lookup: pinned(addresses) } : { host };
};
