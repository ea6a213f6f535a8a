import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSessionProviderSimulator } from '../../../localstack/simulators/session-provider';
import { wahaSessionProvider } from '../../../shared/adapters/session-provider/waha';
import { sessionNameFor } from '../../../shared/domain/pairing/pairing';
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

/** The gateway's side: every webhook body, answered with `answerWith` (200 unless a test says). */
const events: { session: string; event: string; body: unknown }[] = [];
let answerWith = 200;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { session: string; event: string };
    events.push({ session: body.session, event: body.event, body });
    response.writeHead(answerWith).end();
  });
});

let simulator: Server;
let simulatorUrl: string;
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

const control = async (session: string, action: string, body: unknown = {}) =>
  fetch(`${simulatorUrl}/_sim/sessions/${session}/${action}`, {
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
  simulator = await startSessionProviderSimulator({ port: 0, apiKey });
  simulatorUrl = await listen(simulator);
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
      metadata: { seatUid: 'st_x' },
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
    const page = await waha.chatMessages(name, '5511911112222@c.us', { limit: 2, offset: 0, since });
    expect(page.map((message) => [message.text, message.fromMe, message.chat])).toEqual([
      ['oi', false, '5511911112222@c.us'],
      ['tudo bem?', true, '5511911112222@c.us'],
    ]);
    // A message without text is left out.
    expect(await waha.chatMessages(name, '5511911112222@c.us', { limit: 2, offset: 2, since })).toEqual([]);
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
    expect(sent.map((one) => one.event)).toEqual(
      expect.arrayContaining(['session.status', 'message', 'message.any']),
    );
    expect(sent.flatMap((one) => eventProblems(one.body))).toEqual([]);
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

  it('sends an incoming message as message and message.any with one payload.id, one’s own as message.any only', async () => {
    const name = serviceName();
    await adapter().createSession({ name, proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
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
});
