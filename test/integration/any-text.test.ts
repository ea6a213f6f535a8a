import type { Seat } from '../../shared/domain/family/seat';
import { openDataKey } from '../../shared/app/seats/data-keys';
import { createHmac } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { analysedText, newMessageOf, type WindowMessage } from '../../shared/domain/analysis/window';
import { queueMessageLimitBytes } from '../../shared/adapters/sqs/queued-body';
import type { WorkerDeps } from '../../shared/app/session-batch';
import { devSecrets, localEnvironment } from '../../localstack/dev-config';
import { closeServer } from '../../localstack/parts';
import type { SqsHandler } from '../../localstack/workers';
import { queueConsumers, queueUrlVariable } from '../../infra/consumers';
import { eventually } from '../support/eventually';
import { freePort } from '../support/ports';
import { protectedSeat } from '../support/seats';
import { freshTable, seatKeysTableOf } from '../support/table';
import { handlerAs } from '../../localstack/table-guard';
import { guardTableCallsOfThisFile } from '../support/table-guard';

// The worker's table calls are checked against its row's grants, as IAM checks them in AWS.
guardTableCallsOfThisFile();

/**
 * Any text the provider sends reaches the worker byte for byte: signed webhooks through the real
 * gateway (its local HTTP server and handler), the queue emulator (which refuses characters outside
 * the Basic Multilingual Plane in a message body, as SQS refuses U+FFFE and U+FFFF) and the real
 * session-events worker fed by the local event source mapping; the analyzer is the one fake, to see the
 * text it reads (at most about 4 KB of it: `analysedText`), and the text kept is opened with the seat's key.
 */
const accepted: WindowMessage[] = [];
const hasher = hmacHasher(devSecrets.HASH_KEY);
let table: TableAccess;
let seatId = '';
/** What the worker's message store and seat key need to open a kept message. */
let keptBy: { deps: WorkerDeps; seat: Pick<Seat, 'seatId' | 'dataKeyId'> } | undefined;
/** The message as the worker kept it: its chat a keyed hash, its text sealed. */
const storedChat = async (providerId: string) =>
  (
    await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { PK: `SEATMSG#${seatId}`, SK: `MSG#${hasher.digest('message', providerId)}` },
      }),
    )
  ).Item?.['chat'];
/** The text the worker kept for the message, opened with the seat's key. */
const keptText = async (providerId: string): Promise<string | undefined> => {
  const [kept] = await dynamoMessageStore(table).byIds(seatId, [hasher.digest('message', providerId)]);
  if (kept === undefined || keptBy === undefined) return undefined;
  const dataKey = await openDataKey(keptBy.deps, keptBy.seat);
  return keptBy.deps.contentSeal.open(dataKey, kept, kept.sealed);
};
const ids = cryptoIds();
let gatewayUrl = '';
let bodiesDir = '';
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  table = await freshTable();
  bodiesDir = await mkdtemp(join(tmpdir(), 'event-bodies-'));
  const { startQueues } = await import('../../localstack/queues');
  const queues = await startQueues(await freePort(), { visibilityTimeoutSeconds: 2 });
  stops.push(() => queues.stop());
  const gatewayPort = await freePort();
  Object.assign(process.env, {
    ...localEnvironment(
      {
        DYNAMODB_PORT: 0,
        WEB_PORT: await freePort(),
        BUSINESS_PROVIDER_PORT: await freePort(),
        GATEWAY_PORT: gatewayPort,
      },
      {},
    ),
    TABLE_NAME: table.tableName,
    SEAT_KEYS_TABLE_NAME: seatKeysTableOf(table).tableName,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    SQS_ENDPOINT: queues.endpoint,
    SESSION_PROVIDER_URL: 'http://127.0.0.1:9',
    EVENT_BODIES_DIR: bodiesDir,
    ...Object.fromEntries(queueConsumers.map((row) => [queueUrlVariable(row.name), queues.urls[row.name]])),
  });
  // The handlers read their configuration when imported: only now is it complete.
  const { startGatewayServer } = await import('../../localstack/gateway-server');
  const gateway: Server = await startGatewayServer(gatewayPort);
  stops.push(() => closeServer(gateway));
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const { handler, sessionEventDeps } = (await import('../../functions/workers/session-events/handler')) as {
    handler: SqsHandler;
    sessionEventDeps: () => Promise<WorkerDeps>;
  };
  const workerDeps = await sessionEventDeps();
  workerDeps.analyzer = {
    assess: async (window) => {
      const last = newMessageOf(window);
      if (last !== undefined) accepted.push(last);
      return [];
    },
  };
  const { startQueuePoller } = await import('../../localstack/workers');
  const poller = startQueuePoller({
    name: 'session-events',
    endpoint: queues.endpoint,
    queueUrl: queues.urls.sessionEvents,
    batchSize: 10,
    handler: handlerAs('sessionEvents', handler),
    onError: () => undefined,
  });
  stops.push(() => poller.stop());

  const seat = await protectedSeat(table, ids, new Date(), workerDeps.seatKeys);
  session = seat.pairing?.sessionName ?? '';
  seatUid = seat.uid;
  seatId = seat.seatId;
  keptBy = { deps: workerDeps, seat };
}, 60_000);

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

let session = '';
/** The pairing gave its session this metadata; the provider echoes it in every event. */
let seatUid = '';

/** A signed webhook of `session` at the gateway, with the provider's envelope; its answer's status. */
const send = async (event: Record<string, unknown>): Promise<number> => {
  const body = JSON.stringify({
    id: `evt_${ids.ulid().toLowerCase()}`,
    timestamp: Date.now(),
    session,
    metadata: { seatUid },
    me: { id: '5511987654321@c.us', pushName: 'Dependent' },
    engine: 'GOWS',
    environment: { version: '2026.7.1', engine: 'GOWS', tier: 'CORE' },
    ...event,
  });
  const response = await fetch(`${gatewayUrl}/webhooks/session-provider`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-hmac': createHmac('sha512', devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET)
        .update(body)
        .digest('hex'),
      'x-webhook-hmac-algorithm': 'sha512',
    },
    body,
  });
  return response.status;
};

const message = (text: string) => ({
  event: 'message',
  payload: {
    id: `false_5521998765432@c.us_${ids.ulid()}`,
    timestamp: Math.floor(Date.now() / 1000),
    from: '5521998765432@c.us',
    fromMe: false,
    source: 'app',
    to: null,
    participant: null,
    body: text,
    hasMedia: false,
    ack: 2,
    ackName: 'DEVICE',
  },
});

describe('any text through the gateway, the queue and the worker', () => {
  it.each([
    ['emoji', 'oi 😍 tudo bem'],
    ['U+FFFE and U+FFFF', 'antes \uFFFE meio \uFFFF depois'],
    ['65,536 characters', 'a'.repeat(65_536)],
    ['65,536 characters outside the BMP (by reference: over the queue message limit)', '😍'.repeat(65_536)],
  ])('carries %s unchanged', async (_, text) => {
    const sent = message(text);
    expect(await send(sent)).toBe(200);
    const received = await eventually(
      () => accepted.find((one) => one.messageId === hasher.digest('message', sent.payload.id)),
      (one) => one !== undefined,
      'the message at ingest',
      30_000,
    );
    expect(Buffer.from(received?.text ?? '', 'utf8').equals(Buffer.from(analysedText(text), 'utf8'))).toBe(
      true,
    );
    // Analysed before it is kept (in the same transaction as its findings): the item follows.
    await eventually(
      () => storedChat(sent.payload.id),
      (chat) => chat === hasher.digest('chat', '5521998765432@c.us'),
      'the message kept with its chat as a keyed hash',
    );
    const kept = await keptText(sent.payload.id);
    expect(Buffer.from(kept ?? '', 'utf8').equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('takes the reference path for a body over the limit, and removes the body once handled', async () => {
    const text = '\uFFFE'.repeat(65_536);
    // Three bytes each in UTF-8, four thirds of that in base64: the limit before the envelope adds to it.
    expect((Buffer.byteLength(text) / 3) * 4).toBeGreaterThanOrEqual(queueMessageLimitBytes);
    const sent = message(text);
    expect(await send(sent)).toBe(200);
    const received = await eventually(
      () => accepted.find((one) => one.messageId === hasher.digest('message', sent.payload.id)),
      (one) => one !== undefined,
      'the message at ingest',
      30_000,
    );
    expect(received?.text === analysedText(text)).toBe(true);
    // The gateway kept it under its prefix (and nothing else went there).
    expect(await readdir(bodiesDir)).toEqual(['session-events']);
    await eventually(
      async () => (await readdir(join(bodiesDir, 'session-events')).catch(() => [])).length,
      (left) => left === 0,
      'the kept body removed after handling',
    );
  });
});
