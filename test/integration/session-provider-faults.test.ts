import type { OutgoingMessage } from '../../shared/ports/queue';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCaseSettingsFrom } from '../../functions/composition/settings';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { dynamoUserStore } from '../../shared/adapters/dynamo/user.store';
import { wahaSessionProvider } from '../../shared/adapters/session-provider/waha';
import { startPairing } from '../../shared/app/pairing/start';
import { startSessionProviderSimulator } from '../../localstack/simulators/session-provider';
import { parseConfig } from '../../shared/config/config';
import { freshTable } from '../support/table';
import { protectedSeat } from '../support/seats';

/**
 * The session provider down or slow while a guardian starts a pairing: the call is abandoned at the
 * provider timeout (`SESSION_PROVIDER_TIMEOUT_MS`), well inside the API function's own, so the start
 * fails, gives its proxy slot back and saves no pairing: nothing leaks, and a retry finds it all free.
 */
const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
let table: TableAccess;
/** The provider that never answers, and the calls it was given. */
const asked: string[] = [];
/** The session ends handed to their worker's queue. */
const ended: string[] = [];
const silent = createServer((request) => asked.push(`${request.method} ${request.url}`));
let silentUrl = '';

beforeAll(async () => {
  table = await freshTable();
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

const timeoutMs = 300;
const apiKey = 'key';

const startAgainst = async (baseUrl: string, address = 'http://10.0.0.9:1') => {
  const families = dynamoFamilyStore(table);
  const proxies = dynamoProxyPool(table);
  await proxies.register([{ label: `only-${ids.ulid()}`, address, capacity: 1 }]);
  const paired = await protectedSeat(table, ids, now, localSeatKeys(Buffer.alloc(32, 7).toString('base64')));
  // The chat channel contracted and the last pairing ended: a new one may start.
  const seat = await families.saveSeat(
    {
      ...paired,
      channels: { chat: { price: { amount: 1, currency: 'BRL' }, enabledAt: now.toISOString() } },
      pairing: { ...paired.pairing!, status: 'revoked' },
    },
    [],
  );
  const family = await families.load(seat.accountUid);
  const deps = {
    families,
    users: dynamoUserStore(table),
    ids,
    clock: { now: () => now },
    settings: useCaseSettingsFrom(parseConfig({ TABLE_NAME: table.tableName })),
    sessions: wahaSessionProvider({
      baseUrl,
      apiKey,
      webhookUrl: 'https://gw/webhooks/session-provider',
      webhookHmacKey: 'k',
      timeoutMs,
    }),
    proxies,
    // A start that fails sends no catch-up; one that succeeds would.
    sessionEvents: { send: async () => undefined },
    // The session's end goes to its worker's queue: the start waits for no second provider call.
    sessionEnds: {
      send: async (messages: readonly OutgoingMessage[]) =>
        void ended.push(...messages.map((message) => message.body)),
    },
  };
  const started = performance.now();
  const outcome = await startPairing(deps, { userUid: family!.members[0]!.userUid }, seat.uid, 'qr').then(
    () => 'started',
    (error: unknown) => error,
  );
  return { outcome, took: performance.now() - started, seat, families, proxies };
};

describe('a pairing started while the session provider is down or slow', () => {
  it.each([
    ['never answers', () => silentUrl, 'TimeoutError'],
    ['is down (nothing listens)', () => 'http://127.0.0.1:9', 'TypeError'],
  ])('fails when it %s, in time, gives its proxy slot back and saves no pairing', async (_, url, failure) => {
    const { outcome, took, seat, families, proxies } = await startAgainst(url());
    // The session's creation failed (the preconditions held and a slot was bound), not something before it.
    expect((outcome as Error).name).toBe(failure);
    // The create abandoned at the timeout, the clean-up only queued: far from the API's 10 s.
    expect(took).toBeLessThan(timeoutMs + 1_500);
    expect((await proxies.list()).every((proxy) => proxy.bound === 0)).toBe(true);
    const stored = (await families.load(seat.accountUid))?.seats.find((one) => one.uid === seat.uid);
    expect(stored?.pairing?.status).toBe('revoked');
  });

  it('asked the silent provider to create the session, and queued its removal for the session-ends worker', () => {
    expect(asked).toEqual(['POST /api/sessions']);
    expect(ended.map((body) => body.replace(/pairing_\w+/, '<session>'))).toEqual([
      JSON.stringify({ sessionName: '<session>' }),
      JSON.stringify({ sessionName: '<session>' }),
    ]);
  });
});

describe('a pairing started on a proxy whose password has @ : / #', () => {
  it('gives the provider the proxy’s credentials intact, from the pool’s address to its config.proxy', async () => {
    // A pool of this one address.
    table = await freshTable();
    const simulator = await startSessionProviderSimulator({ port: 0, apiKey });
    try {
      const baseUrl = `http://127.0.0.1:${(simulator.address() as AddressInfo).port}`;
      const password = 'p@ss:w/rd#1';
      const { outcome } = await startAgainst(
        baseUrl,
        `http://us%40er:${encodeURIComponent(password)}@10.0.0.9:3128`,
      );
      expect(outcome).toBe('started');
      const [session] = (await (
        await fetch(`${baseUrl}/api/sessions`, { headers: { 'x-api-key': apiKey } })
      ).json()) as { config: { proxy: unknown } }[];
      expect(session?.config.proxy).toEqual({ server: '10.0.0.9:3128', username: 'us@er', password });
    } finally {
      simulator.close();
    }
  });
});
