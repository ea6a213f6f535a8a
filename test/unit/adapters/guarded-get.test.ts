import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedGet, RefusedFetch, type GetLimits } from '../../../shared/adapters/net/guarded-get';
import type { Resolve } from '../../../shared/adapters/net/public-address';
import { eventually } from '../../support/eventually';

/** A loopback server answering by path, counting what it was asked and the connections still open. */
const requested: string[] = [];
const open = new Set<Socket>();
const routes: Record<string, (response: ServerResponse) => void> = {
  '/photo.jpg': (response) =>
    response.writeHead(200, { 'content-type': 'image/jpeg; charset=binary' }).end(Buffer.from([0xff, 0xd8])),
  '/moved': (response) => response.writeHead(302, { location: '/photo.jpg' }).end(),
  '/declared-large': (response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(64 * 1024) });
    response.end(Buffer.alloc(64 * 1024));
  },
  // No length announced, and no end: the body goes on until the reader stops it.
  '/endless': (response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    const more = () => {
      if (!response.destroyed) response.write(Buffer.alloc(16 * 1024), () => setImmediate(more));
    };
    more();
  },
  '/silent': () => undefined,
};
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  requested.push(request.url ?? '');
  (routes[request.url ?? ''] ?? ((answer: ServerResponse) => answer.writeHead(404).end()))(response);
});
server.on('connection', (socket) => {
  open.add(socket);
  socket.on('close', () => open.delete(socket));
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local: GetLimits = { allowLoopback: true, maxBytes: 32 * 1024, timeoutMs: 2_000 };
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'fetched',
    (error: unknown) => (error instanceof RefusedFetch ? error.reason : String(error)),
  );

describe('a GET of a URL somebody else gave (the profile photo)', () => {
  it('answers the status, the media type and the bytes', async () => {
    expect(await guardedGet(`${base}/photo.jpg`, local)).toEqual({
      status: 200,
      contentType: 'image/jpeg',
      bytes: new Uint8Array([0xff, 0xd8]),
    });
  });

  it('takes https:// only: http:// never, but to loopback where loopback is allowed (the local stack)', async () => {
    const before = requested.length;
    const aws = { ...local, allowLoopback: false };
    expect(await refusal(guardedGet(`${base}/photo.jpg`, aws))).toBe('scheme');
    expect(await refusal(guardedGet('http://cdn.example/photo.jpg', local))).toBe('scheme');
    expect(await refusal(guardedGet('ftp://cdn.example/photo.jpg', local))).toBe('scheme');
    expect(await refusal(guardedGet('not a url', local))).toBe('scheme');
    expect(requested.length).toBe(before);
  });

  it('never connects to its own machine or network, by address or by name', async () => {
    const aws = { ...local, allowLoopback: false };
    const port = new URL(base).port;
    const answering =
      (address: string): Resolve =>
      async () => [{ address, family: 4 }];
    const before = requested.length;
    for (const url of [
      `https://127.0.0.1:${port}/photo.jpg`,
      `https://localhost:${port}/photo.jpg`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.8/photo.jpg',
      'https://[fd00::8]/photo.jpg',
      'https://[::ffff:192.168.0.8]/photo.jpg',
    ])
      expect(await refusal(guardedGet(url, aws)), url).toBe('not_public');
    expect(
      await refusal(
        guardedGet('https://pps.example/photo.jpg', { ...aws, resolve: answering('169.254.169.254') }),
      ),
    ).toBe('not_public');
    expect(requested.length).toBe(before);
  });

  it('follows no redirect: a 3xx is the answer, and its target is never asked', async () => {
    const before = requested.length;
    expect((await guardedGet(`${base}/moved`, local)).status).toBe(302);
    expect(requested.slice(before)).toEqual(['/moved']);
  });

  it('refuses a body over its cap: announced by its length unread, or cut off as it streams', async () => {
    expect(await refusal(guardedGet(`${base}/declared-large`, local))).toBe('too_large');
    expect(await refusal(guardedGet(`${base}/endless`, local))).toBe('too_large');
    await eventually(
      () => open.size,
      (size) => size === 0,
      'the refused bodies’ connections closed',
    );
  });

  it('gives up at its timeout on a server that never answers, or a name that never resolves', async () => {
    const silentName: Resolve = () => new Promise(() => undefined);
    for (const [url, resolve] of [
      [`${base}/silent`, undefined],
      ['https://pps.example/photo.jpg', silentName],
    ] as const) {
      const started = performance.now();
      const failure = await guardedGet(url, { ...local, timeoutMs: 300, resolve }).catch(
        (error: unknown) => error,
      );
      expect((failure as Error).name, url).toBe('TimeoutError');
      expect(performance.now() - started, url).toBeLessThan(2_000);
    }
  });
});
