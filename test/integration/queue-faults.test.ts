import { ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consumers, queueNames, type QueueName } from '../../infra/consumers';
import { startQueues } from '../../localstack/queues';
import { localPassesOf, startQueuePoller, type SqsHandler } from '../../localstack/workers';
import { queueWorker } from '../../functions/workers/queue-worker';
import { sqsQueueDepths } from '../../shared/adapters/sqs/queue-depths';
import { eventually } from '../support/eventually';
import { freePort } from '../support/ports';

/**
 * A worker that throws in the middle of a batch, through what runs it locally as in AWS: the queue
 * emulator with the consumers table's queues (redrive to the DLQ after the row's `maxReceiveCount`),
 * the local event source mapping (`startQueuePoller`) and the workers' own helper
 * (functions/workers/queue-worker.ts: Powertools' processors, partial batch responses). Only the
 * failed records come back; they succeed on the next delivery; one that keeps failing sits in the
 * DLQ after the maximum receives, where the queue depths the operators read (and the DLQ alarm in
 * AWS, test/infra/stacks.test.ts) see it.
 */
let queues: Awaited<ReturnType<typeof startQueues>>;
let client: SQSClient;
/** The workers a test started: each stops when its test ends, so the next one has the queue to itself. */
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // A failed message is visible again after a second rather than the rows' minutes.
  queues = await startQueues(await freePort(), { visibilityTimeoutSeconds: 1 });
  client = new SQSClient({
    endpoint: queues.endpoint,
    region: 'sa-east-1',
    useQueueUrlAsEndpoint: false,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

afterAll(async () => {
  client.destroy();
  await queues.stop();
});

const rowOf = (name: QueueName) => {
  const row = consumers.find((one) => one.name === name);
  if (row?.kind !== 'queue') throw new Error(`${name} is no queue row`);
  return row;
};

/** What one fake worker saw: each delivery's bodies, and the bodies it finished, in order. */
const journal = () => ({ deliveries: [] as string[][], finished: [] as string[] });

/** A worker as the rows' workers are made (`queueWorker`): its use case a record handler. */
const worker = (
  seen: ReturnType<typeof journal>,
  queue: 'standard' | 'fifo',
  handleRecord: (record: SQSRecord) => void | Promise<void>,
): SqsHandler => {
  const handler = queueWorker(
    { info: () => undefined, warn: () => undefined },
    {
      log: 'test_worker',
      fifo: queue === 'fifo',
      body: 'text',
      run: async (_body, record) => {
        await handleRecord(record);
        seen.finished.push(record.body);
        return null;
      },
    },
  );
  return async (event: SQSEvent, context: Context) => {
    seen.deliveries.push(event.Records.map((record) => record.body));
    return (await handler(event, context)) as SQSBatchResponse;
  };
};

const startWorker = (name: QueueName, handler: SqsHandler) => {
  const poller = startQueuePoller({
    name,
    endpoint: queues.endpoint,
    queueUrl: queues.urls[name],
    batchSize: rowOf(name).batchSize,
    // As the local stack polls it: a FIFO queue with several passes at once.
    passes: localPassesOf(rowOf(name)),
    handler,
    // A batch whose every record failed is thrown whole (FullBatchFailureError): all of it comes back.
    onError: () => undefined,
  });
  stops.push(() => poller.stop());
};

/** Sends `bodies` to the session-event queue, each in its session's group (the body's first letter). */
const sendSessionEvents = (bodies: readonly string[]) =>
  client.send(
    new SendMessageBatchCommand({
      QueueUrl: queues.urls.sessionEvents,
      Entries: bodies.map((body, index) => ({
        Id: String(index),
        MessageBody: body,
        MessageGroupId: `session-${body.charAt(0)}`,
        MessageDeduplicationId: `evt-${body}`,
      })),
    }),
  );

const receives = (record: SQSRecord) => Number(record.attributes.ApproximateReceiveCount);
const count = (bodies: readonly string[], body: string) => bodies.filter((one) => one === body).length;

describe('a worker that throws in the middle of a batch (standard queue)', () => {
  it('gets back only the failed records, which succeed next time; one that keeps failing sits in the DLQ', async () => {
    const name = 'consentSends';
    const row = rowOf(name);
    const bodies = ['first', 'flaky', 'second', 'poison', 'third'];
    await client.send(
      new SendMessageBatchCommand({
        QueueUrl: queues.urls[name],
        Entries: bodies.map((body, index) => ({ Id: String(index), MessageBody: body })),
      }),
    );
    const seen = journal();
    startWorker(
      name,
      worker(seen, 'standard', (record) => {
        if (record.body === 'poison' || (record.body === 'flaky' && receives(record) === 1))
          throw new Error('injected failure');
      }),
    );
    const depths = sqsQueueDepths(client, { [name]: queues.urls[name] });
    const settled = await eventually(
      async () => (await depths.depths())[name],
      (depth) => depth.dead === 1 && depth.waiting === 0 && depth.inFlight === 0,
      'the poisoned message in the DLQ and nothing else left',
      { deadlineMs: 20_000, everyMs: 100 },
    );
    expect(settled).toEqual({ waiting: 0, inFlight: 0, dead: 1 });

    // The whole batch came at once; the next delivery carried the two failed records only.
    expect(seen.deliveries[0]).toEqual(bodies);
    expect(seen.deliveries[1]?.toSorted()).toEqual(['flaky', 'poison']);
    // Every other record finished exactly once; the flaky one on its second delivery.
    expect(seen.finished.toSorted()).toEqual(['first', 'flaky', 'second', 'third']);
    // The poisoned one was received the row's maximum number of times, never more, then moved.
    expect(seen.deliveries.flat().filter((body) => body === 'poison')).toHaveLength(
      row.queue.maxReceiveCount,
    );
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queues.urls[name].replace(queueNames(row).queue, queueNames(row).deadLetter),
        MaxNumberOfMessages: 10,
      }),
    );
    expect(Messages.map((message) => message.Body)).toEqual(['poison']);
  });
});

describe('a worker that throws in the middle of a batch (FIFO queue, order per session)', () => {
  it("gets back the failed record and its session's after it, not other sessions'; each session in order, each event once", async () => {
    const name = 'sessionEvents';
    const sessions = ['x', 'y', 'z'];
    const bodies = sessions.flatMap((session) => [`${session}1`, `${session}2`]);
    await sendSessionEvents(bodies);
    const seen = journal();
    // As the session-event worker: a failure fails the rest of its session, so order holds.
    startWorker(
      name,
      worker(seen, 'fifo', (record) => {
        if (record.body === 'y1' && receives(record) === 1) throw new Error('injected failure');
      }),
    );
    await eventually(
      () => seen.finished,
      (finished) => finished.length >= bodies.length,
      'every event handled',
      { deadlineMs: 15_000, everyMs: 50 },
    );
    const depths = await sqsQueueDepths(client, { [name]: queues.urls[name] }).depths();
    expect(depths[name]).toEqual({ waiting: 0, inFlight: 0, dead: 0 });
    // The emulator, like SQS, hands a session's next event over only once the one before is done;
    // unlike SQS it gives one event per session a receive, so the first batch holds each session's first.
    expect(seen.deliveries[0]).toEqual(['x1', 'y1', 'z1']);
    // y1 failed and came back, and only it: z1 after it in the batch is another session's, handled.
    const delivered = seen.deliveries.flat();
    expect({ x1: count(delivered, 'x1'), y1: count(delivered, 'y1'), z1: count(delivered, 'z1') }).toEqual({
      x1: 1,
      y1: 2,
      z1: 1,
    });
    for (const session of sessions)
      expect(seen.finished.filter((body) => body.startsWith(session))).toEqual([
        `${session}1`,
        `${session}2`,
      ]);
    for (const body of bodies) expect(count(seen.finished, body)).toBe(1);
  });
});

describe('the FIFO queue, polled by several passes at once', () => {
  it("carries one session's events through while another session's event is in hand; each session in order", async () => {
    const name = 'sessionEvents';
    const slow = ['a1', 'a2', 'a3'];
    const quick = ['b1', 'b2', 'b3'];
    await sendSessionEvents(slow);
    const seen = journal();
    const quickDone = () => quick.every((body) => seen.finished.includes(body));
    startWorker(
      name,
      worker(seen, 'fifo', async (record) => {
        // Session a's first event stays in hand until session b's are all done (which one pass at a
        // time could never do: a1 would fail at this deadline and be delivered again).
        if (record.body === 'a1')
          await eventually(quickDone, Boolean, "session b's events done while a1 is in hand", {
            deadlineMs: 5_000,
          });
      }),
    );
    await eventually(
      () => seen.deliveries.flat(),
      (delivered) => delivered.includes('a1'),
      'a1 in hand',
    );
    await sendSessionEvents(quick);
    await eventually(
      () => seen.finished,
      (finished) => finished.length >= slow.length + quick.length,
      'every event handled',
      { deadlineMs: 15_000, everyMs: 50 },
    );
    const delivered = seen.deliveries.flat();
    // a1 was handled once, at its first delivery, after b3: the two sessions progressed at once.
    expect(count(delivered, 'a1')).toBe(1);
    expect(seen.finished.indexOf('b3')).toBeLessThan(seen.finished.indexOf('a1'));
    // Each session's events in the order they were sent, each once; nothing was left behind.
    expect(seen.finished.filter((body) => body.startsWith('a'))).toEqual(slow);
    expect(seen.finished.filter((body) => body.startsWith('b'))).toEqual(quick);
    for (const body of [...slow, ...quick]) expect(count(delivered, body)).toBe(1);
    const depths = await sqsQueueDepths(client, { [name]: queues.urls[name] }).depths();
    expect(depths[name]).toEqual({ waiting: 0, inFlight: 0, dead: 0 });
  });
});
