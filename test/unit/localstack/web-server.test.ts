import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '../../../localstack/parts';
import { startWebServer } from '../../../localstack/web-server';
import { securityHeaders } from '../../../web/consent-page/headers';

/** An upstream that answers with what it received: which origin, which path, which address chain. */
const echo = (name: string) =>
  createServer((request, response) =>
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(
        JSON.stringify({ name, path: request.url, forwardedFor: request.headers['x-forwarded-for'] ?? null }),
      ),
  );
const listen = async (server: Server) => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let api: Server;
let relay: Server;
let web: Server;
let base: string;
beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'page-'));
  mkdirSync(join(folder, 'assets'));
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(join(folder, 'assets/page.js'), 'export {};');
  api = echo('api');
  relay = echo('relay');
  const [apiUrl, relayUrl] = [await listen(api), await listen(relay)];
  web = await startWebServer({ port: 0, folder, apiUrl, relayUrl });
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => Promise.all([api, relay, web].map((server) => closeServer(server))));

const expectSecurityHeaders = (response: Response) => {
  for (const [name, value] of Object.entries(securityHeaders)) expect(response.headers.get(name)).toBe(value);
};

describe("the local consent page's server (WEB_PORT)", () => {
  it('serves the page at /c/{token} and its assets, with the security headers', async () => {
    const page = await fetch(`${base}/c/some-token`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(page);
    const script = await fetch(`${base}/assets/page.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expectSecurityHeaders(script);
    for (const path of ['/', '/assets/../index.html', '/assets/none.js', '/c/a/b'])
      expect((await fetch(`${base}${path}`)).status).toBe(404);
  });

  it("forwards the person's stream to the relay and the other person routes to the API, adding the caller's address", async () => {
    const stream = await fetch(`${base}/consent-requests/t0k/events`, {
      headers: { 'x-forwarded-for': '2001:db8::1' },
    });
    expectSecurityHeaders(stream);
    expect(await stream.json()).toEqual({
      name: 'relay',
      path: '/consent-requests/t0k/events',
      forwardedFor: '2001:db8::1, 127.0.0.1',
    });
    const read = await fetch(`${base}/consent-requests/t0k/pairing`);
    expect(await read.json()).toEqual({
      name: 'api',
      path: '/consent-requests/t0k/pairing',
      forwardedFor: '127.0.0.1',
    });
  });

  it('answers 404 for the assets folder itself and keeps serving', async () => {
    for (const path of ['/assets/', '/assets', '/assets/.'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    expect((await fetch(`${base}/assets/page.js`)).status).toBe(200);
  });

  it('answers 400 for a target that is not a path (absolute-form, asterisk-form) and keeps serving', async () => {
    for (const target of [
      'http://x/',
      'http://x/consent-requests/t0k/pairing',
      'http://x/assets/page.js',
      'http://[bad/',
      '*',
    ])
      expect(await statusLineOf(`GET ${target} HTTP/1.1`), target).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`${base}/c/some-token`)).status).toBe(200);
  });
});

/** The status line the server answers a raw request line with (fetch sends origin-form only). */
const statusLineOf = (requestLine: string) =>
  new Promise<string>((resolve, reject) => {
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
