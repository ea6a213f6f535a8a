import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  retryDelayMs,
  startSessionProviderSimulator,
  wahaWebhookRetries,
} from '../../../localstack/simulators/session-provider';
import { webhookEvents, wahaSessionProvider } from '../../../shared/adapters/session-provider/waha';
import { readWahaEvent } from '../../../shared/adapters/session-provider/waha-events';
import { sessionMetadata, sessionNameFor } from '../../../shared/domain/pairing/pairing';
import { eventually } from '../../support/eventually';
import {
  answerProblems,
  eventProblems,
  requestProblems,
  wahaVersion,
  type WahaRequest,
} from '../../support/waha-contract';

/**
 * The WAHA adapter's requests and the session-provider simulator's answers and webhooks, held
 * against WAHA's published OpenAPI document (test/fixtures/providers/waha-openapi-*.subset.json).
 */
const apiKey = 'contract-key';
const listen = async (server: Server) => {
  if (!server.listening) await once(server.listen(0, '127.0.0.1'), 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/**
 * The gateway's side: every webhook body (each try of it), answered with `answerWith` (200 unless a
 * test says), the next `failNext` with 503.
 */
const events: { session: string; event: string; body: unknown; at: number }[] = [];
let answerWith = 200;
let failNext = 0;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { session: string; event: string };
    events.push({ session: body.session, event: body.event, body, at: performance.now() });
    if (failNext > 0) {
      failNext -= 1;
      return void response.writeHead(503).end();
    }
    response.writeHead(answerWith).end();
  });
});

let simulator: Server;
let simulatorUrl: string;
/** A simulator with WAHA's own webhook retries (2 s apart), for the one test that times them. */
let wahaPaced: Server;
let wahaPacedUrl: string;
/** A second simulator whose QRs rotate in fractions of a second. */
let fastQr: Server;
let fastQrUrl: string;
let webhookUrl: string;
/** Every WAHA API exchange the adapter made. */
const exchanges: { request: WahaRequest; status: number; answer: unknown }[] = [];

/** The simulator serves the profile photo on loopback, as the local stack allows. */
const photoPeers = { allowLoopback: true };

const adapter = (baseUrl = simulatorUrl) =>
  wahaSessionProvider({ baseUrl, apiKey, webhookUrl, webhookHmacKey: 'hmac', photoPeers }, (async (
    input: string,
    init?: RequestInit,
  ) => {
    const response = await fetch(input, init);
    if (new URL(input).pathname.startsWith('/api/')) {
      const text = await response.clone().text();
      exchanges.push({
        request: {
          method: init?.method ?? 'GET',
          url: input,
          headers: new Headers(init?.headers),
          ...(init?.body === undefined ? {} : { body: JSON.parse(String(init.body)) }),
        },
        status: response.status,
        answer: text === '' ? undefined : JSON.parse(text),
      });
    }
    return response;
  }) as typeof fetch);

const control = async (session: string, action: string, body: unknown = {}, base = simulatorUrl) =>
  fetch(`${base}/_sim/sessions/${session}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const statusesOf = (session: string) =>
  events
    .filter((one) => one.session === session && one.event === 'session.status')
    .map((one) => (one.body as { payload: { status: string } }).payload.status);
const awaitStatuses = (session: string, count: number) =>
  eventually(
    async () => statusesOf(session),
    (statuses) => statuses.length >= count,
    `${count} statuses of ${session}`,
  );

let pairings = 0;
/** A session name as the service builds it. */
const serviceName = () => {
  pairings += 1;
  return sessionNameFor(`01KAB00000000000000000${String(pairings).padStart(4, '0')}`);
};

beforeAll(async () => {
  webhookUrl = `${await listen(receiver)}/webhooks/session-provider`;
  // Retries 10 ms apart: the tests that see the webhooks fail do not wait WAHA's 2 s a try.
  simulator = await startSessionProviderSimulator({
    port: 0,
    apiKey,
    webhookRetries: { delaySeconds: 0.01 },
  });
  simulatorUrl = await listen(simulator);
  wahaPaced = await startSessionProviderSimulator({ port: 0, apiKey });
  wahaPacedUrl = await listen(wahaPaced);
  fastQr = await startSessionProviderSimulator({
    port: 0,
    apiKey,
    qrFirstSeconds: 0.3,
    qrRotateSeconds: 0.1,
  });
  fastQrUrl = await listen(fastQr);
});
afterAll(async () => {
  simulator.close();
  wahaPaced.close();
  fastQr.close();
  receiver.close();
});

describe(`the WAHA contract (OpenAPI ${wahaVersion})`, () => {
  it('holds every adapter call, the simulator’s answers and its webhooks to the document', async () => {
    const waha = adapter();
    const name = serviceName();
    await waha.createSession({
      name,
      proxyUrl: 'http://user:pass@10.0.0.1:8080',
      metadata: sessionMetadata({ pairingId: '01KAB000000000000000000001' }, 'st_x'),
    });
    await awaitStatuses(name, 2);
    expect((await waha.qr(name)).kind).toBe('ready');
    expect((await waha.requestCode(name, '5511987654321')).kind).toBe('ready');
    expect((await control(name, 'passkey')).status).toBe(200);
    await waha.confirmPasskey(name);
    await awaitStatuses(name, 4);
    expect(await waha.me(name)).toBe('5511987654321@c.us');
    expect(await waha.status(name)).toBe('WORKING');
    expect(await waha.profilePicture(name)).not.toBeNull();
    // The history import's reads: the chats, then a chat's messages since a day, in pages.
    expect(
      (
        await control(name, 'history', {
          chats: [
            {
              id: '5511911112222@c.us',
              messages: [{ body: 'oi' }, { body: 'tudo bem?', fromMe: true }, { body: '' }],
            },
            { id: '120363000000000001@g.us', name: 'Turma', messages: [{ body: 'prova amanhã' }] },
          ],
        })
      ).status,
    ).toBe(200);
    const chats = await waha.chats(name, { limit: 1, offset: 0 });
    expect(chats).toEqual([{ id: '120363000000000001@g.us' }]);
    expect(await waha.chats(name, { limit: 10, offset: 1 })).toEqual([{ id: '5511911112222@c.us' }]);
    const since = new Date(Date.now() - 86_400_000);
    const until = new Date();
    const page = await waha.chatMessages(name, '5511911112222@c.us', { limit: 2, offset: 0, since, until });
    expect(page.map((message) => [message.text, message.fromMe, message.chat])).toEqual([
      ['oi', false, '5511911112222@c.us'],
      ['tudo bem?', true, '5511911112222@c.us'],
    ]);
    // A message without text is counted by the import, never analysed: its text is null.
    expect(
      (await waha.chatMessages(name, '5511911112222@c.us', { limit: 2, offset: 2, since, until })).map(
        (message) => message.text,
      ),
    ).toEqual([null]);
    const history = exchanges.filter(({ request }) => request.url.includes('/messages?'));
    for (const { request } of history)
      expect(Object.fromEntries(new URL(request.url).searchParams)).toMatchObject({
        downloadMedia: 'false',
        sortBy: 'timestamp',
        sortOrder: 'asc',
        'filter.timestamp.gte': String(Math.floor(since.getTime() / 1000)),
        'filter.timestamp.lte': String(Math.floor(until.getTime() / 1000)),
      });
    expect(await waha.qr(name)).toEqual({ kind: 'not_running', providerStatus: 'WORKING' });
    expect((await control(name, 'messages', { body: 'oi 😍' })).status).toBe(200);
    expect((await control(name, 'messages', { body: 'tchau', fromMe: true })).status).toBe(200);
    await waha.restart(name);
    await waha.stop(name);
    await awaitStatuses(name, 8);
    // Off a burned proxy (of a stopped session here): the whole config again with the new address.
    await waha.changeProxy({ name, proxyUrl: 'http://u:p@10.0.0.9:8080', metadata: { seatUid: 'st_x' } });
    // A create retried after its answer was lost: WAHA's 422, then the config and a start.
    await waha.createSession({ name, proxyUrl: 'http://10.0.0.2:8080', metadata: { seatUid: 'st_x' } });
    await waha.logout(name);
    await waha.remove(name);
    expect(await waha.me(name)).toBeNull();
    expect(await waha.status(name)).toBeNull();

    const calls = exchanges.map(({ request }) => `${request.method} ${new URL(request.url).pathname}`);
    for (const operation of [
      'POST /api/sessions',
      `PUT /api/sessions/${name}`,
      `POST /api/sessions/${name}/start`,
    ])
      expect(calls).toContain(operation);
    expect(exchanges.flatMap(({ request }) => requestProblems(request))).toEqual([]);
    expect(
      exchanges.flatMap(({ request, status, answer }) =>
        answerProblems(request.method, request.url, status, answer),
      ),
    ).toEqual([]);
    const sent = events.filter((one) => one.session === name);
    // One webhook per message: the session subscribed to `message.any` only.
    expect(new Set(sent.map((one) => one.event))).toEqual(new Set(['session.status', 'message.any']));
    expect(sent.flatMap((one) => eventProblems(one.body))).toEqual([]);
    // The adapter reads each as the event it is: a status, or a message.
    expect(new Set(sent.map((one) => readWahaEvent(JSON.stringify(one.body)).kind))).toEqual(
      new Set(['status', 'message']),
    );
  });

  it('creates and updates a session with the one body WAHA takes: its events, opaque metadata, the proxy’s credentials intact', async () => {
    const waha = adapter();
    const name = serviceName();
    const metadata = sessionMetadata({ pairingId: '01KAB000000000000000000002' }, 'st_y');
    // A password with every character a URL gives a meaning to, percent-encoded in the address.
    const proxyUrl = `http://us%40er:${encodeURIComponent('p@ss:w/rd#1')}@10.0.0.7:3128`;
    await waha.createSession({ name, proxyUrl, metadata });
    await waha.changeProxy({ name, proxyUrl, metadata });
    const bodies = exchanges
      .filter(({ request }) => new URL(request.url).pathname.startsWith('/api/sessions'))
      .filter(({ request }) => ['POST', 'PUT'].includes(request.method) && request.body !== undefined)
      .filter(
        ({ request }) => (request.body as { name?: string }).name === name || request.url.endsWith(name),
      )
      .map(({ request }) => request.body as { config: Record<string, unknown> });
    expect(bodies).toHaveLength(2);
    for (const { config } of bodies) {
      expect(config['webhooks']).toEqual([
        { url: webhookUrl, events: ['session.status', 'message.any'], hmac: { key: 'hmac' } },
      ]);
      expect(config['metadata']).toEqual({ pairingId: '01KAB000000000000000000002', seatUid: 'st_y' });
      expect(config['proxy']).toEqual({
        server: '10.0.0.7:3128',
        username: 'us@er',
        password: 'p@ss:w/rd#1',
      });
    }
    expect(webhookEvents).toEqual(['session.status', 'message.any']);
    // WAHA keeps what it was given: its view of the session shows the same config.
    const view = (await (
      await fetch(`${simulatorUrl}/api/sessions/${name}`, { headers: { 'x-api-key': apiKey } })
    ).json()) as { config: Record<string, unknown> };
    expect(view.config['proxy']).toEqual({
      server: '10.0.0.7:3128',
      username: 'us@er',
      password: 'p@ss:w/rd#1',
    });
    expect(view.config['metadata']).toEqual(metadata);
  });

  it('puts a running session on another proxy with one call, the update, which restarts it once as WAHA does', async () => {
    const waha = adapter();
    const name = serviceName();
    await waha.createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: { seatUid: 'st_x' } });
    await awaitStatuses(name, 2);
    expect((await control(name, 'link', { phone: '+5511987654321' })).status).toBe(200);
    const linked = statusesOf(name).length;
    const from = exchanges.length;
    await waha.changeProxy({ name, proxyUrl: 'http://u:p@10.0.0.9:8080', metadata: { seatUid: 'st_x' } });
    const change = exchanges.slice(from);
    // The update alone: a restart asked after it would stop the session a second time.
    expect(
      change.map(({ request, status }) => [request.method, new URL(request.url).pathname, status]),
    ).toEqual([['PUT', `/api/sessions/${name}`, 200]]);
    expect(change[0]?.request.body).toMatchObject({
      config: {
        proxy: { server: '10.0.0.9:8080', username: 'u', password: 'p' },
        metadata: { seatUid: 'st_x' },
      },
    });
    const restarted = await awaitStatuses(name, linked + 3);
    expect(restarted.slice(linked)).toEqual(['STOPPED', 'STARTING', 'WORKING']);
    // A restart asked: the same three, and nothing more.
    const before = exchanges.length;
    await waha.restart(name);
    expect((await awaitStatuses(name, linked + 6)).slice(linked + 3)).toEqual([
      'STOPPED',
      'STARTING',
      'WORKING',
    ]);
    expect(exchanges.slice(before).map(({ request, status }) => [request.method, status])).toEqual([
      ['POST', 201],
    ]);
    expect(exchanges.flatMap(({ request }) => requestProblems(request))).toEqual([]);
    expect(
      exchanges.flatMap(({ request, status, answer }) =>
        answerProblems(request.method, request.url, status, answer),
      ),
    ).toEqual([]);
    const sent = events.filter((one) => one.session === name);
    expect(sent.flatMap((one) => eventProblems(one.body))).toEqual([]);
    expect(statusesOf(name)).toHaveLength(linked + 6);
  });

  it('reports the link’s first WORKING with me null (GET me answers it), and me from then on', async () => {
    const waha = adapter();
    const name = serviceName();
    await waha.createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
    await awaitStatuses(name, 2);
    await control(name, 'link', { phone: '+5511987654321', reconnect: true });
    const reports = events
      .filter((one) => one.session === name && one.event === 'session.status')
      .map((one) => one.body as { me: { id: string } | null; payload: { status: string } })
      .slice(2)
      .map((one) => [one.payload.status, one.me?.id ?? null]);
    // GOWS may reconnect right after the link: STARTING, then WORKING.
    expect(reports).toEqual([
      ['WORKING', null],
      ['STARTING', '5511987654321@c.us'],
      ['WORKING', '5511987654321@c.us'],
    ]);
    expect(await waha.me(name)).toBe('5511987654321@c.us');
    expect(events.filter((one) => one.session === name).flatMap((one) => eventProblems(one.body))).toEqual(
      [],
    );
  });

  it('sends a session the adapter created one webhook per message, incoming or one’s own', async () => {
    const name = serviceName();
    await adapter().createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
    await awaitStatuses(name, 2);
    await control(name, 'messages', { from: '5521998765432@c.us', body: 'oi' });
    await control(name, 'messages', { from: '5521998765432@c.us', body: 'eu', fromMe: true });
    const messages = events.filter((one) => one.session === name && one.event !== 'session.status');
    expect(
      messages.map((one) => [one.event, (one.body as { payload: { fromMe: boolean } }).payload.fromMe]),
    ).toEqual([
      ['message.any', false],
      ['message.any', true],
    ]);
  });

  it('sends an incoming message as message and message.any with one payload.id, one’s own as message.any only (a session subscribed to both, as before)', async () => {
    const name = serviceName();
    const created = await fetch(`${simulatorUrl}/api/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        config: { webhooks: [{ url: webhookUrl, events: ['session.status', 'message', 'message.any'] }] },
      }),
    });
    expect(created.status).toBe(201);
    await control(name, 'messages', { from: '5521998765432@c.us', body: 'oi' });
    await control(name, 'messages', { from: '5521998765432@c.us', body: 'eu', fromMe: true });
    const messages = events
      .filter((one) => one.session === name && one.event !== 'session.status')
      .map((one) => ({
        event: one.event,
        ...(one.body as { payload: { id: string; fromMe: boolean; from: string; to: string | null } })
          .payload,
      }));
    expect(messages.map(({ event, fromMe, from, to }) => ({ event, fromMe, from, to }))).toEqual([
      { event: 'message', fromMe: false, from: '5521998765432@c.us', to: null },
      { event: 'message.any', fromMe: false, from: '5521998765432@c.us', to: null },
      { event: 'message.any', fromMe: true, from: '5521998765432@c.us', to: null },
    ]);
    expect(messages[0]?.id).toBe(messages[1]?.id);
    const sent = events.filter((one) => one.session === name);
    expect(sent.flatMap((one) => eventProblems(one.body))).toEqual([]);
  });

  it('serves history as GOWS does: every kind of chat, pages sliced before reactions and edits are dropped, media without body, lost times', async () => {
    const waha = adapter();
    const name = serviceName();
    await waha.createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
    await awaitStatuses(name, 2);
    expect((await control(name, 'link', { phone: '+5511987654321' })).status).toBe(200);
    const lid = '187349265017433@lid';
    expect(
      (
        await control(name, 'history', {
          chats: [
            {
              id: lid,
              messages: [
                { body: 'oi' },
                { kind: 'reaction', body: '😂' },
                { kind: 'edit', body: 'oi!' },
                { kind: 'sticker' },
                { kind: 'image', body: 'olha isso' },
                { kind: 'voice', body: null },
                { body: 'sem hora', timestamp: 0 },
                { body: 'hora perdida', timestamp: null },
                { kind: 'revoke' },
              ],
            },
            { id: 'status@broadcast', messages: [{ body: 'meu status' }] },
            { id: '120363000000000002@newsletter', messages: [{ body: 'um canal' }] },
          ],
        })
      ).status,
    ).toBe(200);
    const listed = await waha.chats(name, { limit: 10, offset: 0 });
    expect(listed.map((chat) => chat.id).sort()).toEqual(
      [lid, 'status@broadcast', '120363000000000002@newsletter'].sort(),
    );
    const since = new Date(Date.now() - 86_400_000);
    const until = new Date();
    const pages = [];
    for (const offset of [0, 4, 8, 12])
      pages.push(await waha.chatMessages(name, lid, { limit: 4, offset, since, until }));
    expect(pages.map((page) => page.map(({ text, timestamp }) => [text, timestamp === null]))).toEqual([
      // oi, (reaction), (edit), sticker: the page is short.
      [
        ['oi', false],
        [null, false],
      ],
      [
        ['olha isso', false],
        [null, false],
        ['sem hora', true],
        ['hora perdida', true],
      ],
      // Only a deletion: empty, though it was not the end of the store.
      [],
      [],
    ]);
    const mine = exchanges.filter(({ request }) =>
      new URL(request.url).pathname.startsWith(`/api/${name}/chats`),
    );
    expect(mine.flatMap(({ request }) => requestProblems(request))).toEqual([]);
    // WAHA's document declares a string `body` and a numeric `timestamp` on every message; GOWS
    // leaves `body` out (or null) without text and sends null for a time it lost. Those are the only
    // departures: the sticker, the voice note, the lost time.
    expect(
      mine.flatMap(({ request, status, answer }) =>
        answerProblems(request.method, request.url, status, answer),
      ),
    ).toEqual([
      expect.stringMatching(/200\/1 must have required property 'body'$/),
      expect.stringMatching(/200\/1\/body must be string$/),
      expect.stringMatching(/200\/3\/timestamp must be number$/),
    ]);
  });

  it('rotates the QR while a session waits, six QRs at most, then FAILED, each status as the document says', async () => {
    const name = serviceName();
    await adapter(fastQrUrl).createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
    const statuses = await eventually(
      async () => statusesOf(name),
      (seen) => seen.includes('FAILED'),
      'the QRs run out',
      10_000,
    );
    expect(statuses).toEqual(['STARTING', ...Array<string>(6).fill('SCAN_QR_CODE'), 'FAILED']);
    const qrs = events.filter((one) => one.session === name && one.event === 'session.status');
    expect(qrs.flatMap((one) => eventProblems(one.body))).toEqual([]);
  });

  it('sends only the events a session’s webhook subscribed to', async () => {
    const name = serviceName();
    const response = await fetch(`${simulatorUrl}/api/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name, config: { webhooks: [{ url: webhookUrl, events: ['message.any'] }] } }),
    });
    expect(response.status).toBe(201);
    await control(name, 'messages', { body: 'oi' });
    expect(events.filter((one) => one.session === name).map((one) => one.event)).toEqual(['message.any']);
  });

  it('sends a webhook again on a 5xx, the same body (its id) each time, WAHA’s 2 s apart by default', async () => {
    expect(wahaWebhookRetries).toEqual({ policy: 'constant', delaySeconds: 2, attempts: 15 });
    const name = serviceName();
    await adapter(wahaPacedUrl).createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
    await awaitStatuses(name, 2);
    failNext = 1;
    expect((await control(name, 'fail', {}, wahaPacedUrl)).status).toBe(200);
    const tries = events.filter((one) => one.session === name).slice(2);
    expect(tries.map((one) => (one.body as { id: string }).id)).toEqual([
      (tries[0]?.body as { id: string }).id,
      (tries[0]?.body as { id: string }).id,
    ]);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
  });

  it('spaces the tries by the webhook’s own retries policy: constant, linear, exponential with jitter', () => {
    const delays = (policy: 'constant' | 'linear' | 'exponential') =>
      [1, 2, 3].map((retry) => retryDelayMs({ policy, delaySeconds: 2, attempts: 15 }, retry));
    expect(delays('constant')).toEqual([2_000, 2_000, 2_000]);
    expect(delays('linear')).toEqual([2_000, 4_000, 6_000]);
    const exponential = delays('exponential');
    for (const [index, base] of [2_000, 4_000, 8_000].entries()) {
      expect(exponential[index]).toBeGreaterThanOrEqual(base * 0.8);
      expect(exponential[index]).toBeLessThanOrEqual(base * 1.2);
    }
  });

  it('tries a failing webhook as many times as its retries say, then gives up; a lost one never arrives', async () => {
    const name = serviceName();
    const created = await fetch(`${simulatorUrl}/api/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        config: {
          webhooks: [
            {
              url: webhookUrl,
              events: ['session.status'],
              retries: { policy: 'linear', delaySeconds: 0.01, attempts: 4 },
            },
          ],
        },
      }),
    });
    expect(created.status).toBe(201);
    await awaitStatuses(name, 2);
    failNext = 10;
    try {
      const answer = await control(name, 'fail');
      expect(answer.status).toBe(502);
      expect(await answer.json()).toMatchObject({ status: 503 });
    } finally {
      failNext = 0;
    }
    expect(statusesOf(name)).toEqual(['STARTING', 'SCAN_QR_CODE', 'FAILED', 'FAILED', 'FAILED', 'FAILED']);
    // The next status is lost on its way; the one after it arrives.
    expect((await control(name, 'lost-webhooks', { count: 1 })).status).toBe(200);
    await control(name, 'drop');
    await control(name, 'passkey');
    expect(statusesOf(name).slice(6)).toEqual(['PASSKEY_CONFIRMATION_REQUIRED']);
  });

  it('links with the number a control gives, never one read from the session’s metadata', async () => {
    const name = serviceName();
    const waha = adapter();
    await waha.createSession({
      name,
      proxyUrl: 'http://10.0.0.1:8080',
      metadata: { seatUid: 'st_z', phone: '+5511987654321' },
    });
    await awaitStatuses(name, 2);
    expect((await control(name, 'link')).status).toBe(400);
    expect((await control(name, 'linked-number', {})).status).toBe(400);
    expect((await control(name, 'linked-number', { phone: '+5521912345678' })).status).toBe(200);
    expect((await control(name, 'link')).status).toBe(200);
    expect(await waha.me(name)).toBe('5521912345678@c.us');
  });

  it('answers a control 502 with the gateway’s last status when the delivery still fails after the retries', async () => {
    const name = serviceName();
    await adapter().createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
    await awaitStatuses(name, 2);
    answerWith = 503;
    try {
      const answer = await control(name, 'fail');
      expect(answer.status).toBe(502);
      expect(await answer.json()).toMatchObject({ status: 503 });
    } finally {
      answerWith = 200;
    }
    expect((await control(name, 'messages', { body: 'oi' })).status).toBe(200);
  });

  it('refuses what leaves the document: an unknown path or method, a missing field, a wrong enum, a name WAHA refuses, no API key', () => {
    const headers = new Headers({ 'x-api-key': apiKey });
    const base = 'http://waha:3000';
    expect(requestProblems({ method: 'GET', url: `${base}/api/sessions/s1/qr`, headers })).toEqual([
      "GET /api/sessions/s1/qr: no such operation in WAHA's document",
    ]);
    expect(requestProblems({ method: 'PATCH', url: `${base}/api/sessions/s1`, headers })).toHaveLength(1);
    expect(
      requestProblems({
        method: 'POST',
        url: `${base}/api/s1/auth/request-code`,
        headers,
        body: { phone: '55' },
      }),
    ).toEqual([expect.stringContaining("must have required property 'phoneNumber'")]);
    expect(requestProblems({ method: 'GET', url: `${base}/api/s1/auth/qr?format=svg`, headers })).toEqual([
      expect.stringContaining('must be equal to one of the allowed values'),
    ]);
    expect(requestProblems({ method: 'GET', url: `${base}/api/s1/auth/qr`, headers })).toEqual([
      expect.stringContaining('query parameter format missing'),
    ]);
    expect(
      requestProblems({
        method: 'POST',
        url: `${base}/api/sessions`,
        headers,
        body: {
          name: 'st_seat.01kab0000000000000000000pp',
          config: { webhooks: [{ url: 'x', events: ['message.all'] }] },
        },
      }),
    ).toEqual([
      expect.stringContaining('/name must match pattern'),
      expect.stringContaining('/config/webhooks/0/events/0 must be equal to one of the allowed values'),
    ]);
    expect(
      requestProblems({ method: 'POST', url: `${base}/api/sessions/${'a'.repeat(55)}/start`, headers }),
    ).toEqual([expect.stringContaining('must NOT have more than 54 characters')]);
    expect(
      requestProblems({ method: 'DELETE', url: `${base}/api/sessions/s1`, headers: new Headers() }),
    ).toEqual(['DELETE /api/sessions/s1: no X-Api-Key header']);
  });

  it('refuses answers and webhooks the document’s schemas refuse', () => {
    expect(answerProblems('POST', 'http://waha:3000/api/sessions', 201, { name: 's1' })).toEqual([
      expect.stringContaining("must have required property 'status'"),
    ]);
    expect(answerProblems('POST', 'http://waha:3000/api/sessions/s1/restart', 200, {})).toEqual([
      expect.stringContaining('the document answers 201'),
    ]);
    const status = events.find((one) => one.event === 'session.status')?.body as { payload: object };
    expect(eventProblems({ ...status, payload: { ...status.payload, status: 'DISCONNECTED' } })).toEqual([
      expect.stringContaining('/payload/status must be equal to one of the allowed values'),
    ]);
    const message = events.find((one) => one.event === 'message')?.body as { payload: object };
    const { fromMe: _dropped, ...withoutFromMe } = message.payload as { fromMe: boolean };
    expect(eventProblems({ ...message, payload: withoutFromMe })).toEqual([
      expect.stringContaining("must have required property 'fromMe'"),
    ]);
    expect(eventProblems({ ...message, event: 'message.ack' })).toEqual([
      'event message.ack: not one the service subscribes to',
    ]);
  });

  it('holds `me` to the document: null before the link; one without `id` leaves it, and the gateway still takes it', () => {
    const starting = events.find(
      (one) => one.event === 'session.status' && (one.body as { me: unknown }).me === null,
    )?.body as Record<string, unknown>;
    expect(starting).toBeDefined();
    expect(eventProblems(starting)).toEqual([]);
    const withoutId = { ...starting, me: { pushName: 'Bia' } };
    expect(eventProblems(withoutId)).toEqual(
      expect.arrayContaining([expect.stringContaining("must have required property 'id'")]),
    );
    // Parsed defensively: what WAHA sends outside its document is read as unknown, not refused.
    for (const envelope of [starting, withoutId, { ...starting, me: { id: null } }])
      expect(readWahaEvent(JSON.stringify(envelope))).toMatchObject({
        kind: 'status',
        me: envelope.me === null ? null : { id: null },
      });
  });
});
