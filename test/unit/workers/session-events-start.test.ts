import type * as DynamoDB from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** DynamoDB's clients made (none calls out here). */
const made = vi.hoisted(() => ({ tableClients: 0 }));
vi.mock('@aws-sdk/client-dynamodb', async (original) => {
  const real = await original<typeof DynamoDB>();
  class CountedClient extends real.DynamoDBClient {
    constructor(...config: ConstructorParameters<typeof real.DynamoDBClient>) {
      super(...config);
      made.tableClients += 1;
    }
  }
  return { ...real, DynamoDBClient: CountedClient };
});

/**
 * The AWS clients' chunks (infra/constructs/bundling.ts) as the worker loads them: each counted as it
 * is loaded, and standing in for its clients (no network here).
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../../../functions/composition/aws-schedules.mjs', () => {
  loaded.add('schedules');
  return {
    SchedulerClient: class {},
    eventBridgeScheduler: () => ({ schedule: async () => undefined, cancel: async () => undefined }),
  };
});
vi.mock('../../../functions/composition/aws-notifications.mjs', () => {
  loaded.add('notifications');
  return {
    SESClient: class {},
    SNSClient: class {},
    awsDelivery: () => ({ deliver: async () => undefined }),
  };
});
vi.mock('../../../functions/composition/aws-keys.mjs', () => {
  loaded.add('keys');
  return { KMSClient: class {}, kmsSeatKeys: () => ({}) };
});
vi.mock('../../../functions/composition/aws-event-bodies.mjs', () => {
  loaded.add('event bodies');
  return { S3Client: class {}, s3EventBodies: () => ({}) };
});
const sent = vi.hoisted(() => [] as { url: string; bodies: string[] }[]);
vi.mock('../../../functions/composition/aws-queues.mjs', () => {
  loaded.add('queues');
  return {
    processSqsClient: () => ({}),
    sqsQueue: (_client: unknown, url: string) => ({
      send: async (messages: { body: string }[]) => {
        sent.push({ url, bodies: messages.map((message) => message.body) });
      },
    }),
  };
});

/** The worker's variables as the stack gives them in AWS (docs/configuration.md), the hash key local. */
const awsWorker = {
  STAGE: 'dev',
  AWS_REGION: 'sa-east-1',
  TABLE_NAME: 'family-protection-dev',
  ANALYZER: 'rules',
  EVENT_BODIES: 's3',
  EVENT_BODIES_BUCKET: 'bodies',
  HASH_KEY: 'k'.repeat(32),
  MAIL_FROM: 'no-reply@family-protection.example',
  NOTIFY_DELIVERY: 'aws',
  SCHEDULER: 'eventbridge',
  SCHEDULER_GROUP_NAME: 'schedules',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/schedules',
  SCHEDULER_DLQ_ARN: 'arn:aws:sqs:sa-east-1:123456789012:schedules-dlq',
  RECONNECT_TARGET_ARN: 'arn:aws:lambda:sa-east-1:123456789012:function:reconnect',
  SEAT_KEYS: 'kms',
  SEAT_KEYS_KMS_KEY_ID: 'arn:aws:kms:sa-east-1:123456789012:key/seats',
  SEAT_KEYS_TABLE_NAME: 'seat-keys',
  SESSION_PROVIDER_URL: 'https://sessions.family-protection.example',
  SESSION_PROVIDER_WEBHOOK_URL: 'https://api.family-protection.example/webhooks/session-provider',
  SESSION_ENDS_QUEUE_URL: 'https://sqs.sa-east-1.amazonaws.com/123456789012/session-ends',
};

beforeAll(() => {
  for (const [name, value] of Object.entries(awsWorker)) vi.stubEnv(name, value);
});
afterAll(() => vi.unstubAllEnvs());

describe("the session-events worker's first batch, configured as in AWS", () => {
  it('loads no chunk until a scheduler, a notifier, a kept body or a queue is used, and reads its two tables through one client', async () => {
    const { sessionEventsWiring } = await import('../../../functions/composition/workers');
    const wiring = sessionEventsWiring();
    const deps = await wiring.deps();
    // Every message is sealed under its seat's key: KMS's client is built from the bundle's own code.
    expect(deps.seatKeys).toBeDefined();
    expect([...loaded]).toEqual([]);
    // The domain's table and the seat keys' through one client: one pool of connections.
    expect(made.tableClients).toBe(1);

    await deps.reconnects.schedule(
      { seatUid: 'seat', pairingId: 'pairing', attempt: 1 },
      new Date('2026-11-28T12:00:00Z'),
    );
    await deps.notifier.deliver(
      {
        id: 'n1',
        type: 'pairing.disconnected',
        category: 'connection',
        severity: 'critical',
        seatUid: 'seat',
        personFirstName: null,
      },
      [],
    );
    await wiring.eventBodies();
    expect([...loaded].sort()).toEqual(['event bodies', 'notifications', 'schedules']);

    // A session ended: SQS's code from its chunk, sent to the queue the worker's variables name.
    await deps.sessionEnds.send([{ body: '{"session":"s1"}' }]);
    expect([...loaded].sort()).toEqual(['event bodies', 'notifications', 'queues', 'schedules']);
    expect(sent).toEqual([{ url: awsWorker.SESSION_ENDS_QUEUE_URL, bodies: ['{"session":"s1"}'] }]);
  });
});
