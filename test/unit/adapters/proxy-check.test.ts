import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConnectProxyCheck } from '../../../shared/adapters/proxy-check/http-connect';
import { startLoopbackProxy, type LoopbackProxy } from '../../../localstack/simulators/loopback-proxy';

let target: Server;
let targetAddress: string;
let proxy: LoopbackProxy;

beforeAll(async () => {
  target = createServer((_, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetAddress = `127.0.0.1:${(target.address() as AddressInfo).port}`;
  proxy = await startLoopbackProxy();
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => target.close(resolve));
});

/** A port nothing listens on: one just given back by the system. */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe('the proxy check (an HTTP CONNECT through the address)', () => {
  it('reaches the target through a real proxy, credentials and all', async () => {
    const check = httpConnectProxyCheck({ target: targetAddress, timeoutMs: 2_000 });
    expect(await check.reaches(proxy.address)).toBe(true);
    const withCredentials = proxy.address.replace('http://', 'http://user:p%40ss@');
    expect(await check.reaches(withCredentials)).toBe(true);
  });

  it('fails for an address nobody answers, a proxy that cannot reach the target, and no proxy at all', async () => {
    const check = httpConnectProxyCheck({ target: targetAddress, timeoutMs: 2_000 });
    expect(await check.reaches(`http://127.0.0.1:${await closedPort()}`)).toBe(false);
    const unreachableTarget = httpConnectProxyCheck({
      target: `127.0.0.1:${await closedPort()}`,
      timeoutMs: 2_000,
    });
    expect(await unreachableTarget.reaches(proxy.address)).toBe(false);
    // A plain web server is not a proxy: it does not open the tunnel.
    expect(await check.reaches(`http://${targetAddress}`)).toBe(false);
  });

  it('gives up after its timeout on a proxy that never answers', async () => {
    const silent = createServer();
    const held: Socket[] = [];
    silent.on('connect', (_request, socket: Socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const check = httpConnectProxyCheck({ target: targetAddress, timeoutMs: 300 });
    expect(await check.reaches(`http://127.0.0.1:${port}`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
