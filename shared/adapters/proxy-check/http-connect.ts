import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ProxyCheck } from '../../ports/proxy-check';

/**
 * The check as the sessions will use the address: an HTTP `CONNECT` to `target` (`host:port`)
 * through the proxy, with its credentials, answered 2xx within `timeoutMs`. Anything else (refused,
 * no answer, 407, 502) is unreachable. The tunnel is closed at once: nothing is sent through it.
 */
export const httpConnectProxyCheck = (options: { target: string; timeoutMs: number }): ProxyCheck => ({
  reaches: (address) =>
    new Promise<boolean>((resolve) => {
      let proxy: URL;
      try {
        proxy = new URL(address);
      } catch {
        resolve(false);
        return;
      }
      const secure = proxy.protocol === 'https:';
      const credentials =
        proxy.username === ''
          ? {}
          : {
              'Proxy-Authorization': `Basic ${Buffer.from(
                `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`,
              ).toString('base64')}`,
            };
      const request = (secure ? httpsRequest : httpRequest)({
        host: proxy.hostname.replace(/^\[|\]$/g, ''),
        port: proxy.port === '' ? (secure ? 443 : 80) : Number(proxy.port),
        method: 'CONNECT',
        path: options.target,
        headers: { Host: options.target, ...credentials },
        signal: AbortSignal.timeout(options.timeoutMs),
        agent: false,
      });
      request.once('connect', (response, socket) => {
        socket.destroy();
        resolve(response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300);
      });
      // A proxy that answers a CONNECT without upgrading (an error page) is no tunnel either.
      request.once('response', (response) => {
        response.resume();
        request.destroy();
        resolve(false);
      });
      request.once('error', () => resolve(false));
      request.end();
    }),
});
