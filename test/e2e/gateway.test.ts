import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { devSecrets } from '../../localstack/dev-config';
import { eventually } from '../support/eventually';
import { addSeat, call, signUp, validDependent } from './support/api';
import { awaitLogLines, logLines } from './support/logs';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/providers/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

const sign = (body: string, key: string = devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET) =>
  createHmac('sha512', key).update(body).digest('hex');

const post = async (body: string, signature: string | undefined) => {
  const response = await fetch(`${inject('gatewayUrl')}/webhooks/session-provider`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-webhook-hmac': signature }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

interface Handled {
  session: string;
  eventId: string;
  outcome: string;
}

/**
 * The events of one session the workers handled (their log line), up to a marker event sent last:
 * the FIFO queue hands a session's events over in order, so once the marker is handled every
 * earlier one that was queued has been too.
 */
const handledUpTo = async (session: string, markerId: string) => {
  const lines = await awaitLogLines<Handled>(
    'session_event.handled',
    (line) => line.session === session,
    Number.MAX_SAFE_INTEGER,
    0,
  );
  if (lines.some((line) => line.eventId === markerId)) return lines;
  await awaitLogLines<Handled>('session_event.handled', (line) => line.eventId === markerId, 1);
  return awaitLogLines<Handled>('session_event.handled', (line) => line.session === session, 0, 0);
};

const markerOf = async (session: string) => {
  const id = `evt_${randomUUID()}`;
  const body = JSON.stringify({ ...fixture('waha-session-status-STOPPED.json'), id, session });
  expect((await post(body, sign(body))).status).toBe(200);
  return id;
};

describe('the session-provider webhook', () => {
  it('verifies the provider’s signature over the raw body and queues the event in its session’s group, once', async () => {
    const session = `s-${randomUUID().slice(0, 8)}`;
    const body = JSON.stringify({
      ...fixture('waha-session-status-STARTING.json'),
      id: `evt_${randomUUID()}`,
      session,
    });
    expect(await post(body, sign(body))).toEqual({ status: 200, body: { received: true } });
    expect((await post(body, sign(body))).status).toBe(200);
    const handled = await handledUpTo(session, await markerOf(session));
    // Queued in its session's group, once; no pairing owns the session, so the workers drop it.
    expect(handled.filter((line) => line.eventId === JSON.parse(body).id)).toEqual([
      expect.objectContaining({ session, outcome: 'unknown_session' }),
    ]);
  });

  it('answers 401 to a wrong or missing signature, and queues nothing', async () => {
    const session = `s-${randomUUID().slice(0, 8)}`;
    const body = JSON.stringify({ ...fixture('waha-session-status-WORKING.json'), session });
    expect((await post(body, sign(body, 'another-secret'))).status).toBe(401);
    expect((await post(body, undefined)).status).toBe(401);
    expect((await post(`${body} `, sign(body))).status).toBe(401);
    const marker = await markerOf(session);
    expect((await handledUpTo(session, marker)).map((line) => line.eventId)).toEqual([marker]);
  });

  it('takes a signed event whose `me` is null or has no `id` (read as unknown by the worker), and queues it', async () => {
    const session = `s-${randomUUID().slice(0, 8)}`;
    const withoutId = { ...fixture('waha-session-status-WORKING-me-without-id.json'), session };
    const bodies = [
      JSON.stringify({ ...withoutId, id: `evt_${randomUUID()}` }),
      JSON.stringify({ ...withoutId, id: `evt_${randomUUID()}`, me: null }),
    ];
    for (const body of bodies)
      expect(await post(body, sign(body))).toEqual({ status: 200, body: { received: true } });
    const handled = await handledUpTo(session, await markerOf(session));
    // Read whole by the worker: no pairing owns the session, so it is dropped as unknown, not as no event.
    expect(handled.map((line) => [line.eventId, line.outcome])).toEqual([
      ...bodies.map((body) => [JSON.parse(body).id, 'unknown_session']),
      [expect.any(String), 'unknown_session'],
    ]);
  });

  it('answers 400 to a signed body that is not a provider event', async () => {
    for (const body of ['{"hello":"world"}', 'not json', '[]'])
      expect((await post(body, sign(body))).status).toBe(400);
  });
});

describe('the gateway function', () => {
  it('refuses to start without the webhook key', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', "await import('./functions/webhooks/session-provider/handler.ts')"],
      {
        env: { PATH: process.env['PATH'], TABLE_NAME: 't', SESSION_EVENTS_QUEUE_URL: 'http://127.0.0.1:1/q' },
        encoding: 'utf8',
      },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/SESSION_PROVIDER_WEBHOOK_SECRET.*must be set/);
  });
});

describe('the business-provider webhook', () => {
  const url = () => `${inject('gatewayUrl')}/webhooks/business-provider`;

  it('answers the subscription handshake with the challenge, and 403 to a wrong verify token', async () => {
    const ok = await fetch(
      `${url()}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${devSecrets.BUSINESS_PROVIDER_VERIFY_TOKEN}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(`${url()}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong`)).status).toBe(
      403,
    );
  });

  it('echoes only a challenge of the provider’s shape (an integer), refusing markup and anything else 400', async () => {
    const token = devSecrets.BUSINESS_PROVIDER_VERIFY_TOKEN;
    for (const challenge of ['<script>alert(1)</script>', 'abc', '12 34', '1'.repeat(21), '']) {
      const refused = await fetch(
        `${url()}?hub.mode=subscribe&hub.challenge=${encodeURIComponent(challenge)}&hub.verify_token=${token}`,
      );
      expect(refused.status, challenge).toBe(400);
      expect(await refused.text()).not.toContain('<script>');
    }
  });

  it('verifies X-Hub-Signature-256 over the raw bytes and queues one message per status or message', async () => {
    const body = readFileSync(new URL('../fixtures/providers/meta-statuses.json', import.meta.url), 'utf8');
    const parsed = JSON.parse(body) as {
      entry: { changes: { value: { statuses?: unknown[]; messages?: unknown[] } }[] }[];
    };
    const expected = parsed.entry
      .flatMap((entry) => entry.changes)
      .reduce(
        (n, change) => n + (change.value.statuses?.length ?? 0) + (change.value.messages?.length ?? 0),
        0,
      );
    const signature = `sha256=${createHmac('sha256', devSecrets.BUSINESS_PROVIDER_APP_SECRET).update(body).digest('hex')}`;
    const before = (await logLines('business_event.handled')).length;
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: expected });
    // One queue message per status or message, each handled by the business-event worker.
    const handled = await awaitLogLines<{ kind: string }>(
      'business_event.handled',
      () => true,
      before + expected,
    );
    expect(handled.slice(before)).toHaveLength(expected);
    expect(handled.slice(before).map((line) => line.kind)).toContain('status');

    const bad = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      body,
    });
    expect(bad.status).toBe(401);
    // A signed body we cannot use: 200 all the same (Meta would retry anything else for days),
    // logged by kind and counted, never queued.
    const other = '{"object":"page","entry":[]}';
    const otherSignature = `sha256=${createHmac('sha256', devSecrets.BUSINESS_PROVIDER_APP_SECRET).update(other).digest('hex')}`;
    const unusableBefore = (await logLines('webhook.unusable')).length;
    const unusable = await fetch(url(), {
      method: 'POST',
      headers: { 'x-hub-signature-256': otherSignature },
      body: other,
    });
    expect(unusable.status).toBe(200);
    expect(await unusable.json()).toEqual({ received: 0 });
    const logged = await awaitLogLines<{ provider: string; kind: string; outcome: string }>(
      'webhook.unusable',
      () => true,
      unusableBefore + 1,
    );
    expect(logged.at(-1)).toMatchObject({ provider: 'business', kind: 'body', outcome: 'unusable' });
    expect(JSON.stringify(logged.at(-1))).not.toContain('page');
  });
});

describe('the gateway’s health', () => {
  it('answers 200 with each queue checked, without the envelope', async () => {
    const response = await fetch(`${inject('gatewayUrl')}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      uptime: expect.any(Number),
      services: {
        sessionEvents: { status: 'ok', ms: expect.any(Number) },
        businessEvents: { status: 'ok', ms: expect.any(Number) },
      },
    });
  });
});

describe('the business-provider simulator’s receipts', () => {
  it('sends a signed delivery receipt for a message it sent, which the gateway accepts', async () => {
    const owner = await signUp();
    const accountUid = (await call('POST', '/accounts', { token: owner.token, body: { name: 'Receipts' } }))
      .body.data.uid as string;
    const seatUid = await addSeat(owner.token, accountUid);
    const phone = `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await call('PUT', `/seats/${seatUid}/dependent`, {
      token: owner.token,
      body: { ...validDependent, phone },
    });
    await call('POST', `/seats/${seatUid}/consent-request`, { token: owner.token, body: { send: 'now' } });
    const sent = await eventually(
      async () =>
        (
          (await (await fetch(`${inject('businessProviderUrl')}/_sim/sent`)).json()) as {
            to: string;
            messageId: string;
          }[]
        ).find((one) => one.to === phone),
      (found) => found !== undefined,
      'the link’s send',
    );
    const receipt = await fetch(`${inject('businessProviderUrl')}/_sim/receipts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messageId: sent?.messageId, status: 'delivered' }),
    });
    expect(await receipt.json()).toEqual({ gatewayStatus: 200 });
    const unknown = await fetch(`${inject('businessProviderUrl')}/_sim/receipts`, {
      method: 'POST',
      body: JSON.stringify({ messageId: 'wamid.none', status: 'read' }),
    });
    expect(unknown.status).toBe(404);
  });
});
