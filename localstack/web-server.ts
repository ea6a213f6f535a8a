import { createReadStream, existsSync, statSync } from 'node:fs';
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize } from 'node:path';
import { securityHeaders } from '../web/consent-page/headers';

/**
 * The consent page on `WEB_PORT`, as CloudFront serves it in AWS: the static build at `/c/{token}`
 * and `/assets/...`, a person's stream (`/consent-requests/{token}/events`) forwarded to the relay and the rest of
 * `/consent-requests/...` to the API, so the page calls its own origin. Every answer carries the page's
 * security headers. Like any proxy it appends the caller's address to `X-Forwarded-For`; the local
 * stack takes the first entry (docs/client-ip.md), so a test's own address still counts.
 */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const personStream = /^\/consent-requests\/[^/]+\/events$/;

const serveFile = (response: ServerResponse, file: string, cache: string) => {
  response.writeHead(200, {
    ...securityHeaders,
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'content-length': statSync(file).size,
    'cache-control': cache,
  });
  createReadStream(file).pipe(response);
};

const notFound = (response: ServerResponse) =>
  response
    .writeHead(404, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' })
    .end('Not Found');

const proxy = (request: IncomingMessage, response: ServerResponse, origin: string) => {
  const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
    .filter((entry) => entry !== undefined)
    .join(', ');
  const upstream = forward(
    `${origin}${request.url ?? '/'}`,
    { method: request.method, headers: { ...request.headers, 'x-forwarded-for': forwardedFor } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...securityHeaders });
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, securityHeaders);
    response.end();
  });
  response.on('close', () => upstream.destroy());
  request.pipe(upstream);
};

export const startWebServer = async (options: {
  port: number;
  /** The page's build folder (`web/consent-page/dist`). */
  folder: string;
  apiUrl: string;
  relayUrl: string;
}): Promise<Server> => {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path.startsWith('/consent-requests/')) {
      return proxy(request, response, personStream.test(path) ? options.relayUrl : options.apiUrl);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(response);
    if (/^\/c\/[^/]+$/.test(path)) return serveFile(response, join(options.folder, 'index.html'), 'no-store');
    const asset = normalize(join(options.folder, path));
    if (
      path.startsWith('/assets/') &&
      asset.startsWith(join(options.folder, 'assets')) &&
      existsSync(asset)
    ) {
      return serveFile(response, asset, 'no-cache');
    }
    notFound(response);
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  return server;
};
