import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { devSecrets } from '../../localstack/dev-config';
import { startQueues } from '../../localstack/queues';
import { lambdaContext } from '../../localstack/lambda-http';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { sqsQueue } from '../../shared/adapters/sqs/sqs-queue';
import type { Pairing } from '../../shared/domain/pairing/pairing';
import { freePort } from '../support/ports';
import { benchLocalStack } from './bench-stack';
import { benchCount } from './counts';
import { stackSettingsOf } from './parts';
import { seatWithPairing } from '../support/seats';
import { percentile, signWebhook } from './provider-events';

/**
 * `npm run bench`, its webhooks part: (1) the session-provider webhook function's own time per
 * request (verify the HMAC, parse, enqueue) beside a floor that only enqueues the same message, in
 * one process against the SQS emulator; (2) webhook-to-event latency on the local stack: from the
 * POST to the gateway until the worker's event row is in the table.
 */
const rounds = benchCount('BENCH_WEBHOOKS', 400, 5);
const secret = devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET;
const round = (value: number) => Math.round(value * 100) / 100;
const statusBody = (session: string, status: string, seatUid = 'st_bench') =>
  JSON.stringify({
    id: `evt_${randomUUID()}`,
    timestamp: Date.now(),
    event: 'session.status',
    session,
    metadata: { seatUid },
    me: { id: '5511987654321@c.us', pushName: 'Bench' },
    payload: { name: session, status },
    engine: 'GOWS',
    environment: { version: 'bench', engine: 'GOWS', tier: 'CORE' },
  });

// --- (1) The webhook function beside an enqueue-only floor.
const sqsPort = await freePort();
const queues = await startQueues(sqsPort);
Object.assign(process.env, {
  TABLE_NAME: 'none',
  LOG_LEVEL: 'ERROR',
  AWS_REGION: 'sa-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  SQS_ENDPOINT: queues.endpoint,
  SESSION_EVENTS_QUEUE_URL: queues.urls.sessionEvents,
  BUSINESS_EVENTS_QUEUE_URL: queues.urls.businessEvents,
  SESSION_PROVIDER_WEBHOOK_SECRET: secret,
  // Bodies over a queue message's size go to a local folder, as in the local stack.
  EVENT_BODIES: 'local',
});
const { handler } = await import('../../functions/webhooks/session-provider/handler');
const floorQueue = sqsQueue(
  new SQSClient({
    endpoint: queues.endpoint,
    region: 'sa-east-1',
    useQueueUrlAsEndpoint: false,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
  queues.urls.sessionEvents,
);
const webhookEvent = (body: string) =>
  ({
    version: '2.0',
    routeKey: 'POST /webhooks/session-provider',
    rawPath: '/webhooks/session-provider',
    headers: { 'content-type': 'application/json', 'x-webhook-hmac': signWebhook(body) },
    body,
    isBase64Encoded: false,
  }) as unknown as APIGatewayProxyEventV2;

const webhookMs: number[] = [];
const floorMs: number[] = [];
for (let i = 0; i < rounds + 20; i += 1) {
  const session = `bench-${i % 8}`;
  const forWebhook = statusBody(session, 'STARTING');
  const forFloor = statusBody(session, 'STARTING');
  const first = performance.now();
  const answer = await handler(webhookEvent(forWebhook), lambdaContext('bench-session-provider-webhook'));
  const second = performance.now();
  await floorQueue.send([
    { body: forFloor, groupId: session, deduplicationId: JSON.parse(forFloor).id as string },
  ]);
  const third = performance.now();
  if (answer.statusCode !== 200) throw new Error(`webhook answered ${answer.statusCode}`);
  // The first rounds warm both paths (connections, JIT); they are not counted.
  if (i >= 20) {
    webhookMs.push(second - first);
    floorMs.push(third - second);
  }
}
await queues.stop();
const webhookRow = {
  webhookP50: round(percentile(webhookMs, 50)),
  webhookP99: round(percentile(webhookMs, 99)),
  floorP50: round(percentile(floorMs, 50)),
  floorP99: round(percentile(floorMs, 99)),
  ratioP50: round(percentile(webhookMs, 50) / percentile(floorMs, 50)),
  target: '<= 1.3',
};

// --- (2) Webhook to event row on the local stack.
for (const name of ['TABLE_NAME', 'SQS_ENDPOINT', 'SESSION_EVENTS_QUEUE_URL', 'BUSINESS_EVENTS_QUEUE_URL'])
  delete process.env[name];
const stack = await benchLocalStack(stackSettingsOf('webhooks'));
const latencies: number[] = [];
try {
  const table = createTableAccess({
    tableName: stack.tableName,
    region: 'sa-east-1',
    endpoint: stack.dynamoEndpoint,
  });
  const ids = cryptoIds();
  const now = new Date();
  // A seat already paired (its setup is not what is measured): each drop and each return is one event.
  const seat = await seatWithPairing(table, ids, now, {
    status: 'paired',
    pairedAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
  });
  const { accountUid: account, uid } = seat;
  const pairing = seat.pairing as Pairing;
  const eventCount = async () =>
    (
      await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `EVENTS#${account}` },
          Select: 'COUNT',
          ConsistentRead: true,
        }),
      )
    ).Count ?? 0;
  const latencyRounds = benchCount('BENCH_LATENCY', 100, 3);
  let seen = await eventCount();
  for (let i = 0; i < latencyRounds; i += 1) {
    const body = statusBody(pairing.sessionName, i % 2 === 0 ? 'STOPPED' : 'WORKING', uid);
    const started = performance.now();
    const posted = await fetch(`${stack.gatewayUrl}/webhooks/session-provider`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-hmac': signWebhook(body) },
      body,
    });
    if (posted.status !== 200) throw new Error(`gateway answered ${posted.status}`);
    // Bounded, and far above any figure measured: a loaded machine's DynamoDB Local stalls for seconds.
    const deadline = started + 30_000;
    for (;;) {
      const count = await eventCount();
      if (count > seen) {
        seen = count;
        break;
      }
      if (performance.now() > deadline) throw new Error(`no event within 30 s of webhook ${i + 1}`);
    }
    latencies.push(performance.now() - started);
  }
} finally {
  await stack.stop();
}
const latencyRow = {
  events: latencies.length,
  p50: round(percentile(latencies, 50)),
  p99: round(percentile(latencies, 99)),
  max: round(Math.max(...latencies)),
};

console.log(
  `\nSession-provider webhook, own time per request (ms, ${rounds} requests, in process, SQS emulator)`,
);
console.table([webhookRow]);
console.log(
  '\nWebhook to event row on the local stack (ms): POST to the gateway until the worker’s event is in the table',
);
console.table([latencyRow]);
mkdirSync(resolve('.bench'), { recursive: true });
writeFileSync(resolve('.bench', 'webhooks.json'), JSON.stringify({ webhookRow, latencyRow }, null, 2));
