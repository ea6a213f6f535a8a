/**
 * Whether a proxy address really carries traffic: a tunnel opened through it to a known target.
 * An address that cannot is never added to the pool (`PROXY_UNREACHABLE`), nor one on the service's
 * own machine or network (`PROXY_ADDRESS_NOT_PUBLIC`), which is never even dialled.
 */
export type ProxyCheckOutcome = 'reached' | 'unreachable' | 'not_public';

export interface ProxyCheck {
  /** How the proxy at `address` (`http://user:pass@host:port`) answered a tunnel, within the time limit. */
  check(address: string): Promise<ProxyCheckOutcome>;
}
