/**
 * Whether a proxy address really carries traffic: a tunnel opened through it to a known target.
 * An address that cannot is never added to the pool (`PROXY_UNREACHABLE`).
 */
export interface ProxyCheck {
  /** True when the proxy at `address` (`http://user:pass@host:port`) opened the tunnel in time. */
  reaches(address: string): Promise<boolean>;
}
