import { createReadStream, statSync } from 'node:fs';
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
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

const plain = (response: ServerResponse, status: number, text: string) =>
  response.writeHead(status, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' }).end(text);
const notFound = (response: ServerResponse) => plain(response, 404, 'Not Found');

/** A regular file only: the assets folder itself, or anything else that is not a file, is not found. */
const serveFile = (response: ServerResponse, file: string, cache: string) => {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined || !stats.isFile()) return notFound(response);
  response.writeHead(200, {
    ...securityHeaders,
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'content-length': stats.size,
    'cache-control': cache,
  });
  // A file gone between the stat and the read ends this answer, not the server.
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
};

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
    // Origin-form only (`/path?query`), as CloudFront takes it: an absolute-form (`http://host/`)
    // or asterisk-form target is a proxy's or a server-wide request, neither of which this is.
    const target = request.url ?? '';
    const url = target.startsWith('/') ? URL.parse(target, 'http://127.0.0.1') : null;
    if (url === null) return plain(response, 400, 'Bad Request');
    const path = url.pathname;
    if (path.startsWith('/consent-requests/')) {
      return proxy(request, response, personStream.test(path) ? options.relayUrl : options.apiUrl);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(response);
    if (/^\/c\/[^/]+$/.test(path)) return serveFile(response, join(options.folder, 'index.html'), 'no-store');
    const asset = normalize(join(options.folder, path));
    if (path.startsWith('/assets/') && asset.startsWith(join(options.folder, 'assets', sep))) {
      return serveFile(response, asset, 'no-cache');
    }
    notFound(response);
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  return server;
};
