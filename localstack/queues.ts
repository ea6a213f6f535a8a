import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { queueDesign, queueSettings, type QueueName } from '../shared/adapters/sqs/queue-design';

/**
 * The SQS emulator (fauxqs, pure JS) on loopback, with the queues CDK defines: each with its
 * dead-letter queue and redrive after the same number of receives.
 */
export const startQueues = async (
  port: number,
  visibilityTimeoutSeconds: number = queueSettings.visibilityTimeoutSeconds,
) => {
  const server = await startFauxqs({ port, host: '127.0.0.1', logger: false });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new SQSClient({
    endpoint,
    region: 'sa-east-1',
    useQueueUrlAsEndpoint: false,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const urls = {} as Record<QueueName, string>;
  for (const [key, design] of Object.entries(queueDesign) as [QueueName, (typeof queueDesign)[QueueName]][]) {
    const fifo = design.fifo ? { FifoQueue: 'true' } : {};
    const dlq = await client.send(
      new CreateQueueCommand({ QueueName: design.deadLetter, Attributes: { ...fifo } }),
    );
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
    );
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: design.name,
        Attributes: {
          ...fifo,
          VisibilityTimeout: String(visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: Attributes?.['QueueArn'],
            maxReceiveCount: queueSettings.maxReceiveCount,
          }),
        },
      }),
    );
    // The emulator names a host like `sqs.<region>.127.0.0.1`, which is no URL: keep its path only.
    urls[key] = `${endpoint}${/^https?:\/\/[^/]+(\/.*)$/.exec(queue.QueueUrl ?? '')?.[1] ?? ''}`;
  }
  client.destroy();
  return { endpoint, urls, stop: () => server.stop() };
};
