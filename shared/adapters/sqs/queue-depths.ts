import { GetQueueAttributesCommand, GetQueueUrlCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { QueueDepth, QueueDepths } from '../../ports/operators';

const count = (value: string | undefined): number => (value === undefined ? 0 : Number(value) || 0);

/**
 * A queue's depth as SQS approximates it: messages waiting, in flight (received, not yet deleted),
 * and those its redrive moved to the dead-letter queue (found from the queue's `RedrivePolicy`).
 */
export const sqsQueueDepths = <N extends string>(
  client: SQSClient,
  queueUrls: Record<N, string>,
): QueueDepths<N> => {
  const depthOf = async (queueUrl: string): Promise<QueueDepth> => {
    const { Attributes = {} } = await client.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'RedrivePolicy',
        ],
      }),
    );
    const deadLetterArn =
      Attributes.RedrivePolicy === undefined
        ? undefined
        : (JSON.parse(Attributes.RedrivePolicy) as { deadLetterTargetArn?: string }).deadLetterTargetArn;
    let dead = 0;
    if (deadLetterArn !== undefined) {
      const [, , , , owner, name] = deadLetterArn.split(':');
      const { QueueUrl } = await client.send(
        new GetQueueUrlCommand({
          QueueName: name,
          ...(owner === undefined ? {} : { QueueOwnerAWSAccountId: owner }),
        }),
      );
      const dlq = await client.send(
        new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
      );
      dead = count(dlq.Attributes?.ApproximateNumberOfMessages);
    }
    return {
      waiting: count(Attributes.ApproximateNumberOfMessages),
      inFlight: count(Attributes.ApproximateNumberOfMessagesNotVisible),
      dead,
    };
  };
  return {
    async depths() {
      const names = Object.keys(queueUrls) as N[];
      const depths = await Promise.all(names.map((name) => depthOf(queueUrls[name])));
      return Object.fromEntries(names.map((name, index) => [name, depths[index]])) as Record<N, QueueDepth>;
    },
  };
};
