import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRelayServer } from '../../../functions/relay/server';
import type { RelayDeps } from '../../../functions/relay/authentication';
import type { Hub } from '../../../shared/app/events/hub';
import { eventually } from '../../support/eventually';
import { freePort } from '../../support/ports';

/**
 * The relay's public server on a loopback port, as clients (and attackers) reach it: heads read
 * against a deadline, connections capped per source, health without figures. The admission never
 * ends here (its first read hangs), so an admitted request holds its connection like a stream.
 */
const relay = async (limits: { timeoutMs?: number; headsPerSource?: number; streamsPerClient?: number }) => {
  const port = await freePort();
  const server = await startRelayServer({
    port,
    deps: { clock: { now: () => new Date() } } as RelayDeps,
    hub: {} as Hub,
    latestId: () => new Promise<never>(() => undefined),
    clientIpTrust: { source: 'forwarded-for-first', cloudFront: null },
    onError: () => undefined,
    maxStreamMs: 60_000,
    headLimits: { maxBytes: 8192, timeoutMs: limits.timeoutMs ?? 10_000 },
    caps: { headsPerSource: limits.headsPerSource ?? 100, streamsPerClient: limits.streamsPerClient ?? 100 },
  });
  servers.push(server);
  return port;
};
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A raw connection: what it received, and when it was closed (null while open). */
const open = (port: number, first = '') =>
  new Promise<{ socket: Socket; received: () => string; closedAt: () => number | null }>((done, failed) => {
    let text = '';
    let closedAt: number | null = null;
    const socket = connect({ port, host: '127.0.0.1' }, () =>
      done({ socket, received: () => text, closedAt: () => closedAt }),
    );
    if (first !== '') socket.write(first);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => (closedAt = Date.now()));
    socket.on('error', failed);
  });
const until = (accept: () => boolean, deadlineMs: number, what: string) =>
  eventually(accept, Boolean, what, { deadlineMs, everyMs: 20 });
const streamHead = (ip: string) =>
  `GET /accounts/acc_1/events?ticket=t HTTP/1.1\r\nhost: relay\r\nx-forwarded-for: ${ip}\r\n\r\n`;

describe('the relay’s connections', () => {
  it('cuts a client that trickles its head at the deadline, however often it sends a byte', async () => {
    const port = await relay({ timeoutMs: 600 });
    const started = Date.now();
    const client = await open(port, 'G');
    let sent = 1;
    const trickle = setInterval(() => {
      if (client.closedAt() === null && !client.socket.destroyed) client.socket.write('E', () => undefined);
      sent += 1;
    }, 100);
    try {
      await until(() => client.closedAt() !== null, 5_000, 'the trickling client to be cut');
    } finally {
      clearInterval(trickle);
    }
    // An idle timeout would never fire: the client sent a byte every 100 ms until it was cut.
    expect(sent).toBeGreaterThan(4);
    expect((client.closedAt() ?? 0) - started).toBeGreaterThanOrEqual(550);
    expect((client.closedAt() ?? 0) - started).toBeLessThan(3_000);
  });

  it('holds at most the cap of unfinished heads per source, refuses the rest 429, and frees them at the deadline', async () => {
    const port = await relay({ timeoutMs: 800, headsPerSource: 20 });
    // Many half-open connections: each sends part of a head and then nothing.
    const idle = await Promise.all(Array.from({ length: 60 }, () => open(port, 'GET /health HTTP/1.1\r\n')));
    await until(() => idle.filter((c) => c.closedAt() !== null).length >= 40, 3_000, 'the refusals');
    const refused = idle.filter((c) => c.received().startsWith('HTTP/1.1 429 '));
    expect(refused).toHaveLength(40);
    expect(refused[0]?.received()).toMatch(/retry-after: 10\r\n/);
    expect(refused[0]?.received()).toContain('"code":"RATE_LIMITED"');
    // The held ones are cut at their deadline, with no answer; then the source is served again.
    await until(() => idle.every((c) => c.closedAt() !== null), 5_000, 'every half-open connection closed');
    expect(idle.filter((c) => c.received() === '')).toHaveLength(20);
    const health = await open(port, 'GET /health HTTP/1.1\r\nhost: relay\r\n\r\n');
    await until(() => health.closedAt() !== null, 3_000, 'the health answer');
    expect(health.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('caps the streams of one client address, counting each client apart, and frees a place when one closes', async () => {
    const port = await relay({ streamsPerClient: 3 });
    const held = await Promise.all(Array.from({ length: 3 }, () => open(port, streamHead('203.0.113.7'))));
    const other = await open(port, streamHead('203.0.113.8'));
    const over = await open(port, streamHead('203.0.113.7'));
    await until(() => over.closedAt() !== null, 3_000, 'the refusal');
    expect(over.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(over.received()).toMatch(/retry-after: 10\r\n/);
    expect([...held, other].every((c) => c.closedAt() === null && c.received() === '')).toBe(true);
    held[0]?.socket.destroy();
    await until(() => held[0]?.closedAt() != null, 3_000, 'the close');
    // Its place is free once the server has seen the close. A probe is held, and the one after it
    // (observably) refused: the count is back at the cap, no higher.
    const probe = async () => {
      const first = await open(port, streamHead('203.0.113.7'));
      const second = await open(port, streamHead('203.0.113.7'));
      await until(() => second.closedAt() !== null, 3_000, 'the refusal past the cap');
      return first.closedAt() === null;
    };
    let freed = false;
    for (let tries = 0; tries < 20 && !freed; tries += 1) freed = await probe();
    expect(freed).toBe(true);
  });

  it('answers its health check with its status only: no connection count, no memory', async () => {
    const port = await relay({});
    const health = await open(port, 'GET /health HTTP/1.1\r\nhost: relay\r\n\r\n');
    await until(() => health.closedAt() !== null, 3_000, 'the health answer');
    const body = health.received().slice(health.received().indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ status: 'ok' });
  });
});
