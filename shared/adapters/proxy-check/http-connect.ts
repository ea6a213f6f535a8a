import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ProxyCheck, ProxyCheckOutcome } from '../../ports/proxy-check';
import { NotPublicAddress, permittedPeer, type PeerPolicy, type Resolve } from '../net/public-address';

/** `user:pass` of a proxy URL as sent; null when its percent-encoding is broken. */
const credentialsOf = (proxy: URL): string | null => {
  try {
    return `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  } catch {
    return null;
  }
};

/**
 * The check as the sessions will use the address: an HTTP `CONNECT` to `target` (`host:port`)
 * through the proxy, with its credentials, answered 2xx within `timeoutMs`. Anything else (refused,
 * no answer, 407, 502, an address that is not a proxy URL) is unreachable. The tunnel is closed at
 * once: nothing is sent through it. A proxy that is, or whose name resolves to, an address the
 * policy refuses (docs/proxies.md) is never dialled: `not_public`.
 */
export const httpConnectProxyCheck = (
  options: { target: string; timeoutMs: number; resolve?: Resolve } & PeerPolicy,
): ProxyCheck => ({
  async check(address) {
    const proxy = URL.parse(address);
    const credentials = proxy === null ? null : credentialsOf(proxy);
    if (proxy === null || credentials === null || !/^https?:$/.test(proxy.protocol)) return 'unreachable';
    const signal = AbortSignal.timeout(options.timeoutMs);
    let peer: Awaited<ReturnType<typeof permittedPeer>>;
    try {
      peer = await permittedPeer(proxy.hostname, options, signal, options.resolve);
    } catch (error) {
      return error instanceof NotPublicAddress ? 'not_public' : 'unreachable';
    }
    const secure = proxy.protocol === 'https:';
    return new Promise<ProxyCheckOutcome>((resolve) => {
      const request = (secure ? httpsRequest : httpRequest)({
        ...peer,
        port: proxy.port === '' ? (secure ? 443 : 80) : Number(proxy.port),
        method: 'CONNECT',
        path: options.target,
        headers: {
          Host: options.target,
          ...(proxy.username === ''
            ? {}
            : { 'Proxy-Authorization': `Basic ${Buffer.from(credentials).toString('base64')}` }),
        },
        signal,
        agent: false,
      });
      request.once('connect', (response, socket) => {
        socket.destroy();
        resolve(
          response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300
            ? 'reached'
            : 'unreachable',
        );
      });
      // A proxy that answers a CONNECT without upgrading (an error page) is no tunnel either.
      request.once('response', (response) => {
        response.resume();
        request.destroy();
        resolve('unreachable');
      });
      request.once('error', () => resolve('unreachable'));
      request.end();
    });
  },
});
