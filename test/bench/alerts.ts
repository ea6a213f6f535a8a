import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { EventSource } from 'eventsource';
import { devSecrets } from '../../localstack/dev-config';
import { lambdaContext } from '../../localstack/lambda-http';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { itemTypes, keys } from '../../shared/adapters/dynamo/keys';
import { riskCategories, type RiskCategory } from '../../shared/domain/analysis/finding';
import type { Pairing } from '../../shared/domain/pairing/pairing';
import type { Seat } from '../../shared/domain/family/seat';
import { protectedSeat } from '../support/seats';
import { accessToken } from './access-token';
import { runHandlersInProcess, serveApiInProcess, startBenchStack } from './bench-stack';
import { benchCount } from './counts';
import type { CountedCall } from './counting-proxy';
import { messageBody, percentile, signWebhook } from './provider-events';

/**
 * `npm run bench`, its alerts part: (1) on the local stack (rules analyzer, sandbox marker on),
 * the latency from a signed `message` webhook to its alert event's frame on the account's SSE
 * stream, one message at a time; (2) the session-events worker's DynamoDB calls per batch of 10
 * messages of one session, its handler run in this process through a counting proxy; (3) the calls
 * of `GET /accounts/{uid}/alerts` per page, with and without filters.
 */
const measured = benchCount('BENCH_ALERT_MESSAGES', 500, 5);
const warmup = benchCount('BENCH_ALERT_WARMUP', 10, 3);
const batches = benchCount('BENCH_ALERT_BATCHES', 5, 1);
const round = (value: number) => Math.round(value * 10) / 10;
/** The categories the warm-up opens: the others open during the measured messages. */
const warmupCategories = riskCategories.slice(0, 3);

const { stack, proxy, table } = await startBenchStack('bench-alerts');
const ids = cryptoIds();
const seatKeys = localSeatKeys(devSecrets.LOCAL_MASTER_KEY);
const families = dynamoFamilyStore(table);

/** A protected, paired seat of a new family, and its owner's user uid. */
const benchSeat = async (): Promise<{ seat: Seat; session: string; ownerUid: string }> => {
  const seat = await protectedSeat(table, ids, new Date(), seatKeys);
  const family = await families.load(seat.accountUid);
  return {
    seat,
    session: (seat.pairing as Pairing).sessionName,
    ownerUid: family?.members[0]?.userUid ?? '',
  };
};
/** What one message carries: the sandbox marker, so it yields exactly one finding. */
const riskText = (category: RiskCategory) => `mensagem de teste #risk:${category}:medium`;

interface AlertFrame {
  type: string;
  payload: { alertUid?: string; category?: string; findingsCount?: number };
}

// --- (1) Webhook to the alert's frame on the account's stream.
const latencies: { ms: number; type: string }[] = [];
const first = await benchSeat();
{
  const ticket = ids.randomPart(43);
  await table.doc.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...keys.streamTicket(hmacHasher(devSecrets.HASH_KEY).digest('sse_ticket', ticket)),
        type: itemTypes.streamTicket,
        accountUid: first.seat.accountUid,
        userUid: first.ownerUid,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      },
    }),
  );
  const source = new EventSource(
    `${stack.relayUrl}/accounts/${first.seat.accountUid}/events?ticket=${ticket}`,
  );
  await new Promise<void>((done) => source.addEventListener('open', () => done()));
  /** The frame each message waits for: the next alert event of its category. */
  let waiting: { matches: (frame: AlertFrame) => boolean; arrived: (frame: AlertFrame) => void } | null =
    null;
  source.addEventListener('event', (message) => {
    const frame = JSON.parse(message.data) as AlertFrame;
    if (waiting?.matches(frame)) waiting.arrived(frame);
  });
  const alertOf = new Map<RiskCategory, { uid: string; findings: number }>();
  const sentAt = Date.now() - 3_600_000;
  for (let i = 0; i < warmup + measured; i += 1) {
    const category =
      i < warmup
        ? (warmupCategories[i % warmupCategories.length] as RiskCategory)
        : (riskCategories[(i - warmup) % riskCategories.length] as RiskCategory);
    const open = alertOf.get(category);
    const body = messageBody(first.session, first.seat.uid, riskText(category), new Date(sentAt + i * 1000));
    const arrived = new Promise<AlertFrame>((done) => {
      waiting = {
        matches: (frame) =>
          open === undefined
            ? frame.type === 'alert.opened' && frame.payload.category === category
            : frame.type === 'alert.updated' &&
              frame.payload.alertUid === open.uid &&
              frame.payload.findingsCount === open.findings + 1,
        arrived: done,
      };
    });
    const started = performance.now();
    const posted = await fetch(`${stack.gatewayUrl}/webhooks/session-provider`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-hmac': signWebhook(body) },
      body,
    });
    if (posted.status !== 200) throw new Error(`gateway answered ${posted.status}`);
    // Bounded, and far above any figure measured: a loaded machine's DynamoDB Local stalls for seconds.
    const frame = await Promise.race([
      arrived,
      new Promise<never>((_, failed) =>
        setTimeout(() => failed(new Error(`no alert frame within 30 s (message ${i})`)), 30_000).unref(),
      ),
    ]);
    const ms = performance.now() - started;
    alertOf.set(category, {
      uid: frame.payload.alertUid ?? '',
      findings: open === undefined ? 1 : open.findings + 1,
    });
    if (i >= warmup) latencies.push({ ms, type: frame.type });
  }
  source.close();
}
const all = latencies.map((sample) => sample.ms);
const latencyRow = {
  messages: all.length,
  opened: latencies.filter((sample) => sample.type === 'alert.opened').length,
  p50: round(percentile(all, 50)),
  p99: round(percentile(all, 99)),
  max: round(Math.max(...all)),
  target: 'p50 < 300, p99 < 1000',
};

// --- In this process from here: the worker's handler and the API, through the counting proxy.
runHandlersInProcess(stack, proxy);
// The log delivery of notifications writes to stdout: kept out of the tables.
const realWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = (() => true) as typeof process.stdout.write;

/** The calls of a batch or a request, counted by operation; the family reads told apart. */
const tally = (calls: CountedCall[]) => {
  const familyReads = calls.filter(
    (call) => call.operation === 'Query' && call.partition === 'ACCOUNT',
  ).length;
  const byOperation: Record<string, number> = {};
  for (const call of calls) {
    const name = call.partition === null ? call.operation : `${call.operation}(${call.partition})`;
    byOperation[name] = (byOperation[name] ?? 0) + 1;
  }
  return { calls: calls.length, familyReads, byOperation };
};

// --- (2) The worker's calls per batch of 10 records of one session.
const { handler: worker } = await import('../../functions/workers/session-events/handler');
const second = await benchSeat();
const record = (body: string, i: number): SQSRecord => ({
  messageId: `bench-${i}`,
  receiptHandle: `bench-${i}`,
  body: JSON.stringify({ encoding: 'base64', data: Buffer.from(body).toString('base64') }),
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: String(Date.now()),
    SenderId: 'bench',
    ApproximateFirstReceiveTimestamp: String(Date.now()),
    MessageGroupId: second.session,
    MessageDeduplicationId: JSON.parse(body).id as string,
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:sa-east-1:000000000000:session-events.fifo',
  awsRegion: 'sa-east-1',
});
let sent = 0;
const runBatch = async (text: (i: number) => string) => {
  const event: SQSEvent = {
    Records: Array.from({ length: 10 }, (_, i) => {
      sent += 1;
      const at = new Date(Date.now() - 3_600_000 + sent * 1000);
      return record(messageBody(second.session, second.seat.uid, text(i), at), sent);
    }),
  };
  proxy.takeCalls();
  const answer = await worker(event, lambdaContext('session-events'));
  const calls = proxy.takeCalls();
  if (answer.batchItemFailures.length > 0)
    throw new Error(`the worker failed ${answer.batchItemFailures.length}`);
  return tally(calls);
};
const batchKinds: { kind: string; text: (i: number) => string }[] = [
  { kind: 'no findings', text: (i) => `bom dia, tudo certo por aqui ${i}` },
  {
    kind: 'one finding each',
    text: (i) => riskText(riskCategories[i % riskCategories.length] as RiskCategory),
  },
];
const workerRows = [];
// One unmeasured batch first: the handler's cold start (configuration, clients) is not a message's cost.
await runBatch((i) => `aquecimento ${i}`);
for (const { kind, text } of batchKinds) {
  const runs = [];
  for (let b = 0; b < batches; b += 1) runs.push(await runBatch(text));
  const worst = runs.reduce((a, b) => (b.calls > a.calls ? b : a));
  const perMessage = Object.fromEntries(
    Object.entries(worst.byOperation)
      .filter(([name]) => name !== 'Query(ACCOUNT)')
      .map(([name, count]) => [name, count / 10]),
  );
  workerRows.push({
    batch: `10 messages, ${kind}`,
    batches,
    callsPerBatch: [...new Set(runs.map((run) => run.calls))].join(' '),
    familyReadsPerBatch: Math.max(...runs.map((run) => run.familyReads)),
    perMessage: Object.entries(perMessage)
      .map(([name, count]) => `${name} ${count}`)
      .join(', '),
    transactionsPerMessage: perMessage['TransactWriteItems'] ?? 0,
  });
}

// --- (3) `GET /accounts/{uid}/alerts`: the calls per page. The first family holds 8 open alerts.
const { api, apiPort } = await serveApiInProcess();
const token = await accessToken(first.ownerUid);
const listRows = [];
const filters: { name: string; query: string }[] = [
  { name: 'none', query: '' },
  { name: 'status=open', query: 'status=open' },
  { name: 'seatUid', query: `seatUid=${first.seat.uid}` },
  { name: 'status=open&seatUid', query: `status=open&seatUid=${first.seat.uid}` },
];
for (const { name, query } of filters) {
  let cursor: string | null = null;
  for (let page = 1; ; page += 1) {
    const search = [query, 'limit=3', cursor === null ? '' : `cursor=${encodeURIComponent(cursor)}`]
      .filter(Boolean)
      .join('&');
    proxy.takeCalls();
    const answer = await fetch(
      `http://127.0.0.1:${apiPort}/accounts/${first.seat.accountUid}/alerts?${search}`,
      {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.1' },
      },
    );
    const calls = proxy.takeCalls();
    const body = (await answer.json()) as { data: unknown[]; nextCursor: string | null };
    const counted = tally(calls);
    listRows.push({
      filters: name,
      page,
      status: answer.status,
      alerts: body.data?.length ?? 0,
      familyReads: counted.familyReads,
      pageQueries: calls.filter((call) => call.operation === 'Query' && call.partition !== 'ACCOUNT').length,
      operations: calls.map((call) => `${call.operation}(${call.partition ?? ''})`).join(' '),
      target: '1 Query a page',
    });
    cursor = body.nextCursor ?? null;
    if (cursor === null || answer.status !== 200) break;
  }
}
await new Promise<void>((done) => api.close(() => done()));
process.stdout.write = realWrite;
await proxy.close();
await stack.stop();

console.log(
  `\nMessage webhook to its alert's frame on the account's SSE stream, local stack (ms; ${warmup} warm-up messages not counted)`,
);
console.table([latencyRow]);
console.log('\nSession-events worker: DynamoDB calls per batch of 10 records of one session (in process)');
console.table(workerRows);
console.log('\nGET /accounts/{uid}/alerts: DynamoDB calls per page (limit 3, 8 alerts)');
console.table(listRows);
mkdirSync(resolve('.bench'), { recursive: true });
writeFileSync(
  resolve('.bench', 'alerts.json'),
  JSON.stringify({ latencyRow, workerRows, listRows }, null, 2),
);
// The worker's embedded reconnect scheduler and the SDK's sockets would keep the process alive.
process.exit(0);
