import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, inject, it } from 'vitest';
import { devSecrets } from '../../localstack/dev-config';
import { addSeat, call, signUp, validDependent } from './support/api';

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

const sqs = () =>
  new SQSClient({
    endpoint: inject('sqsEndpoint'),
    region: 'sa-east-1',
    useQueueUrlAsEndpoint: false,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
const queueUrl = () => `${inject('sqsEndpoint')}/000000000000/session-events.fifo`;

/** Every message of one session now in the FIFO queue (received, then deleted so others are not disturbed). */
const drain = async (session: string) => {
  const client = sqs();
  const found: { body: string; groupId: string | undefined }[] = [];
  for (let round = 0; round < 5; round += 1) {
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl(),
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['MessageGroupId'],
      }),
    );
    if (Messages.length === 0) break;
    const mine = Messages.filter((message) => message.Attributes?.MessageGroupId === session);
    found.push(
      ...mine.map((message) => ({ body: message.Body ?? '', groupId: message.Attributes?.MessageGroupId })),
    );
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl(),
        Entries: Messages.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle })),
      }),
    );
  }
  return found;
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
    expect(await drain(session)).toEqual([{ body, groupId: session }]);
  });

  it('answers 401 to a wrong or missing signature, and queues nothing', async () => {
    const session = `s-${randomUUID().slice(0, 8)}`;
    const body = JSON.stringify({ ...fixture('waha-session-status-WORKING.json'), session });
    expect((await post(body, sign(body, 'another-secret'))).status).toBe(401);
    expect((await post(body, undefined)).status).toBe(401);
    expect((await post(`${body} `, sign(body))).status).toBe(401);
    expect(await drain(session)).toEqual([]);
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
  const businessQueue = () => `${inject('sqsEndpoint')}/000000000000/business-events`;

  it('answers the subscription handshake with the challenge, and 403 to a wrong verify token', async () => {
    const ok = await fetch(
      `${url()}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${devSecrets.BUSINESS_PROVIDER_VERIFY_TOKEN}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(`${url()}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong`)).status).toBe(
      403,
    );
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
    const client = sqs();
    // Start from an empty queue: nothing else writes to it in these tests.
    for (;;) {
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({ QueueUrl: businessQueue(), MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
      );
      if (Messages.length === 0) break;
      await client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: businessQueue(),
          Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
        }),
      );
    }
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: expected });
    const received: string[] = [];
    for (let round = 0; round < 5 && received.length < expected; round += 1) {
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({ QueueUrl: businessQueue(), MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      received.push(...Messages.map((message) => message.Body ?? ''));
    }
    expect(received).toHaveLength(expected);
    expect(received.map((message) => (JSON.parse(message) as { kind: string }).kind)).toContain('status');

    const bad = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      body,
    });
    expect(bad.status).toBe(401);
    const other = '{"object":"page","entry":[]}';
    const otherSignature = `sha256=${createHmac('sha256', devSecrets.BUSINESS_PROVIDER_APP_SECRET).update(other).digest('hex')}`;
    expect(
      (
        await fetch(url(), {
          method: 'POST',
          headers: { 'x-hub-signature-256': otherSignature },
          body: other,
        })
      ).status,
    ).toBe(400);
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
    const sent = (
      (await (await fetch(`${inject('businessProviderUrl')}/_sim/sent`)).json()) as {
        to: string;
        messageId: string;
      }[]
    ).find((one) => one.to === phone);
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
