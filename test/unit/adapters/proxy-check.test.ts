import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConnectProxyCheck } from '../../../shared/adapters/proxy-check/http-connect';
import { startLoopbackProxy, type LoopbackProxy } from '../../../localstack/simulators/loopback-proxy';
import type { Resolve } from '../../../shared/adapters/net/public-address';

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

describe('the proxy check (an HTTP CONNECT through the address, loopback allowed as in the local stack)', () => {
  it('reaches the target through a real proxy, credentials and all', async () => {
    const check = httpConnectProxyCheck({ target: targetAddress, timeoutMs: 2_000, allowLoopback: true });
    expect(await check.check(proxy.address)).toBe('reached');
    const withCredentials = proxy.address.replace('http://', 'http://user:p%40ss@');
    expect(await check.check(withCredentials)).toBe('reached');
  });

  it('fails for an address nobody answers, a proxy that cannot reach the target, and no proxy at all', async () => {
    const check = httpConnectProxyCheck({ target: targetAddress, timeoutMs: 2_000, allowLoopback: true });
    expect(await check.check(`http://127.0.0.1:${await closedPort()}`)).toBe('unreachable');
    const unreachableTarget = httpConnectProxyCheck({
      target: `127.0.0.1:${await closedPort()}`,
      timeoutMs: 2_000,
      allowLoopback: true,
    });
    expect(await unreachableTarget.check(proxy.address)).toBe('unreachable');
    // A plain web server is not a proxy: it does not open the tunnel.
    expect(await check.check(`http://${targetAddress}`)).toBe('unreachable');
  });

  it('gives up after its timeout on a proxy that never answers', async () => {
    const silent = createServer();
    const held: Socket[] = [];
    silent.on('connect', (_request, socket: Socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const check = httpConnectProxyCheck({ target: targetAddress, timeoutMs: 300, allowLoopback: true });
    expect(await check.check(`http://127.0.0.1:${port}`)).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe('the proxy check, where loopback is refused (every stage but the local stack)', () => {
  const check = (resolve?: Resolve) =>
    httpConnectProxyCheck({ target: targetAddress, timeoutMs: 2_000, allowLoopback: false, resolve });
  /** A resolver that answers `addresses` for any name, as a hostile or careless DNS record would. */
  const answering =
    (...addresses: string[]): Resolve =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('never dials a loopback, link-local, private or unspecified address', async () => {
    const refused = [
      proxy.address,
      'http://127.8.9.10:3128',
      'http://[::1]:3128',
      'http://[::ffff:127.0.0.1]:3128',
      'http://169.254.169.254:80',
      'http://169.254.1.1:3128',
      'http://[fe80::1]:3128',
      'http://10.1.2.3:3128',
      'http://172.16.0.1:3128',
      'http://172.31.255.254:3128',
      'http://192.168.1.1:3128',
      'http://[fc00::1]:3128',
      'http://[fd12:3456::1]:3128',
      'http://0.0.0.0:3128',
      'http://[::]:3128',
    ];
    for (const address of refused) expect(await check().check(address), address).toBe('not_public');
  });

  it('never dials a name that resolves to one of those, not even when one address of several does', async () => {
    expect(await check().check(proxy.address.replace('127.0.0.1', 'localhost'))).toBe('not_public');
    expect(await check(answering('169.254.169.254')).check('http://metadata.example:80')).toBe('not_public');
    expect(await check(answering('10.0.0.7')).check('http://proxy.example:3128')).toBe('not_public');
    expect(await check(answering('203.0.113.9', 'fd00::1')).check('http://proxy.example:3128')).toBe(
      'not_public',
    );
  });

  it('dials a name through the addresses its resolution answered', async () => {
    const port = new URL(proxy.address).port;
    const named = httpConnectProxyCheck({
      target: targetAddress,
      timeoutMs: 2_000,
      allowLoopback: true,
      resolve: answering('127.0.0.1'),
    });
    expect(await named.check(`http://proxy.example:${port}`)).toBe('reached');
  });

  it('answers unreachable, without throwing, for an address whose credentials are badly percent-encoded', async () => {
    const loose = httpConnectProxyCheck({ target: targetAddress, timeoutMs: 2_000, allowLoopback: true });
    expect(await loose.check(proxy.address.replace('http://', 'http://us%zzer:pass@'))).toBe('unreachable');
    expect(await loose.check(proxy.address.replace('http://', 'http://user:100%@'))).toBe('unreachable');
  });
});
