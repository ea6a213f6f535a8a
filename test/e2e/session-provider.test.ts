import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { wahaSessionProvider } from '../../shared/adapters/session-provider/waha';
import { devSecrets } from '../../localstack/dev-config';
import { awaitLogLines } from './support/logs';

/**
 * The session-provider simulator through the service's own WAHA adapter: its webhooks come back
 * signed through the gateway, the FIFO queue and the workers, in order, as the real provider's would.
 */
const provider = () =>
  wahaSessionProvider({
    baseUrl: inject('sessionProviderUrl'),
    apiKey: devSecrets.SESSION_PROVIDER_API_KEY,
    webhookUrl: `${inject('gatewayUrl')}/webhooks/session-provider`,
    webhookHmacKey: devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET,
  });

interface Handled {
  session: string;
  event: string;
  status?: string;
  outcome: string;
}
const seen = new Map<string, number>();

/**
 * The next `expected` events of a session as the workers handled them (their log line, in the
 * order the FIFO queue gave them): the webhook went signed through the gateway and the queue.
 */
const statusesOf = async (session: string, expected: number): Promise<string[]> => {
  const from = seen.get(session) ?? 0;
  const handled = await awaitLogLines<Handled>(
    'session_event.handled',
    (line) => line.session === session,
    from + expected,
  );
  const next = handled.slice(from, from + expected);
  seen.set(session, from + next.length);
  // Nobody here started these sessions: the workers drop them.
  expect(next.every((line) => line.outcome === 'unknown_session')).toBe(true);
  return next.map((line) => (line.event === 'session.status' ? (line.status ?? '?') : line.event));
};

/** A session at the simulator whose webhooks go, signed, to the local gateway. */
const newSession = (
  waha: ReturnType<typeof provider>,
  name: string,
  proxyUrl: string,
  metadata: Record<string, string>,
) => waha.createSession({ name, proxyUrl, metadata });

const control = (session: string, action: string, body: unknown = {}) =>
  fetch(`${inject('sessionProviderUrl')}/_sim/sessions/${session}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the session-provider simulator', () => {
  it('runs a code pairing to WORKING with the requested phone, then a drop, each as a signed webhook in order', async () => {
    const name = `pairing-${randomUUID().slice(0, 8)}`;
    const waha = provider();
    await newSession(waha, name, 'http://user:pass@10.0.0.1:8080', { 'pairing.id': 'P1', seatUid: 'st_sim' });
    expect(await statusesOf(name, 2)).toEqual(['STARTING', 'SCAN_QR_CODE']);
    expect(await waha.qr(name)).toEqual({ kind: 'ready', value: expect.stringMatching(/^2@/) });
    const code = await waha.requestCode(name, '5511987654321');
    expect(code).toEqual({ kind: 'ready', value: expect.stringMatching(/^[A-Z0-9]{8}$/) });

    // The phone the code was asked for is the one that links.
    expect((await control(name, 'link')).status).toBe(200);
    expect(await statusesOf(name, 1)).toEqual(['WORKING']);
    expect(await waha.me(name)).toBe('5511987654321@c.us');
    expect(await waha.qr(name)).toEqual({ kind: 'not_running', providerStatus: 'WORKING' });

    await control(name, 'drop');
    expect(await statusesOf(name, 1)).toEqual(['STARTING']);
    // A restart is a stop, then a start, as WAHA makes it; so is an update of a running session.
    await waha.restart(name);
    expect(await statusesOf(name, 3)).toEqual(['STOPPED', 'STARTING', 'WORKING']);
    await waha.changeProxy({
      name,
      proxyUrl: 'http://user:pass@10.0.0.5:8080',
      metadata: { 'pairing.id': 'P1', seatUid: 'st_sim' },
    });
    expect(await statusesOf(name, 3)).toEqual(['STOPPED', 'STARTING', 'WORKING']);
    await control(name, 'server-restart');
    expect(await statusesOf(name, 3)).toEqual(['STOPPED', 'STARTING', 'WORKING']);
    // An old report delivered late: the session itself stays WORKING.
    await control(name, 'report', { status: 'STOPPED' });
    expect(await statusesOf(name, 1)).toEqual(['STOPPED']);
    expect(await waha.status(name)).toBe('WORKING');

    const listed = (await (
      await fetch(`${inject('sessionProviderUrl')}/api/sessions`, {
        headers: { 'x-api-key': devSecrets.SESSION_PROVIDER_API_KEY },
      })
    ).json()) as {
      name: string;
      config: { metadata: Record<string, string> };
    }[];
    expect(listed.find((session) => session.name === name)?.config.metadata).toEqual({
      'pairing.id': 'P1',
      seatUid: 'st_sim',
    });
  });

  it('plays failing restarts, an unlinked device, the passkey check and a message', async () => {
    const name = `pairing-${randomUUID().slice(0, 8)}`;
    const waha = provider();
    await newSession(waha, name, 'http://10.0.0.2:8080', {});
    await statusesOf(name, 2);
    await control(name, 'passkey-required');
    expect(await statusesOf(name, 1)).toEqual(['PASSKEY_REQUIRED']);
    await control(name, 'passkey');
    expect(await statusesOf(name, 1)).toEqual(['PASSKEY_CONFIRMATION_REQUIRED']);
    await control(name, 'link', { phone: '+5531987654321' });
    expect(await statusesOf(name, 1)).toEqual(['WORKING']);
    await control(name, 'restarts', { succeed: false });
    await waha.restart(name);
    expect(await statusesOf(name, 3)).toEqual(['STOPPED', 'STARTING', 'FAILED']);
    await control(name, 'logout');
    await waha.restart(name);
    expect(await statusesOf(name, 4)).toEqual(['FAILED', 'STOPPED', 'STARTING', 'SCAN_QR_CODE']);
    // One webhook, one queued event, one worker run per message: the session subscribed to
    // `message.any` only, which brings the incoming messages and one's own alike.
    await control(name, 'messages', { body: 'oi' });
    expect(await statusesOf(name, 1)).toEqual(['message.any']);
    await control(name, 'messages', { body: 'tchau', fromMe: true });
    expect(await statusesOf(name, 1)).toEqual(['message.any']);
  });

  it('delivers a message with an emoji and U+FFFE: the gateway takes it (200) and the worker handles it', async () => {
    const name = `pairing-${randomUUID().slice(0, 8)}`;
    await newSession(provider(), name, 'http://10.0.0.3:8080', {});
    await statusesOf(name, 2);
    expect((await control(name, 'messages', { body: 'oi 😍 tudo bem \uFFFE' })).status).toBe(200);
    expect(await statusesOf(name, 1)).toEqual(['message.any']);
  });

  it('refuses calls without the API key, on every API route', async () => {
    for (const [method, path] of [
      ['POST', '/api/sessions'],
      ['GET', '/api/sessions'],
      ['GET', '/api/sessions/default/me'],
      ['GET', '/api/default/auth/qr?format=raw'],
    ] as const) {
      const response = await fetch(`${inject('sessionProviderUrl')}${path}`, {
        method,
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses the names WAHA refuses (400) and an existing name (422); the adapter takes the existing one as created', async () => {
    const waha = provider();
    const create = (name: string) =>
      fetch(`${inject('sessionProviderUrl')}/api/sessions`, {
        method: 'POST',
        headers: { 'x-api-key': devSecrets.SESSION_PROVIDER_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ name, start: false }),
      });
    expect((await create('st_seat.01kab0000000000000000000pp')).status).toBe(400);
    expect((await create('a'.repeat(55))).status).toBe(400);
    const name = `pairing-${randomUUID().slice(0, 8)}`;
    expect((await create(name)).status).toBe(201);
    expect((await create(name)).status).toBe(422);
    await newSession(waha, name, 'http://10.0.0.3:8080', { seatUid: 'st_again' });
    expect(await statusesOf(name, 2)).toEqual(['STARTING', 'SCAN_QR_CODE']);
  });

  it('answers a control with 502 and the gateway’s status when the gateway refuses its webhook', async () => {
    const name = `pairing-${randomUUID().slice(0, 8)}`;
    const wrongKey = wahaSessionProvider({
      baseUrl: inject('sessionProviderUrl'),
      apiKey: devSecrets.SESSION_PROVIDER_API_KEY,
      webhookUrl: `${inject('gatewayUrl')}/webhooks/session-provider`,
      webhookHmacKey: 'not-the-gateway-key',
    });
    await wrongKey.createSession({ name, proxyUrl: 'http://10.0.0.4:8080', metadata: {} });
    const answer = await control(name, 'fail');
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ status: 401 });
  });
});
