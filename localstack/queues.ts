import { localCredentials } from '../shared/adapters/local/local-endpoint';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { deadLetterRetentionDaysOf, queueConsumers, queueNames, type QueueName } from '../infra/consumers';

/**
 * The SQS emulator (fauxqs, pure JS) on loopback, with the queues of the consumers table, as CDK
 * builds them: each with its dead-letter queue (kept as long) and redrive after the same number of
 * receives; without encryption (no KMS here). A shorter visibility timeout may be set for all of
 * them (tests see a failed message come back sooner).
 */
export const startQueues = async (port: number, options: { visibilityTimeoutSeconds?: number } = {}) => {
  const server = await startFauxqs({ port, host: '127.0.0.1', logger: false });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new SQSClient({
    endpoint,
    region: 'sa-east-1',
    useQueueUrlAsEndpoint: false,
    credentials: localCredentials,
  });
  const urls = {} as Record<QueueName, string>;
  for (const row of queueConsumers) {
    const names = queueNames(row);
    const fifo = row.queue.fifo ? { FifoQueue: 'true' } : {};
    const dlq = await client.send(
      new CreateQueueCommand({
        QueueName: names.deadLetter,
        Attributes: { ...fifo, MessageRetentionPeriod: String(deadLetterRetentionDaysOf(row) * 86_400) },
      }),
    );
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
    );
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: names.queue,
        Attributes: {
          ...fifo,
          VisibilityTimeout: String(options.visibilityTimeoutSeconds ?? row.queue.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: Attributes?.['QueueArn'],
            maxReceiveCount: row.queue.maxReceiveCount,
          }),
        },
      }),
    );
    // The emulator names a host like `sqs.<region>.127.0.0.1`, which is no URL: keep its path only.
    urls[row.name] = `${endpoint}${/^https?:\/\/[^/]+(\/.*)$/.exec(queue.QueueUrl ?? '')?.[1] ?? ''}`;
  }
  client.destroy();
  return { endpoint, urls, stop: () => server.stop() };
};
