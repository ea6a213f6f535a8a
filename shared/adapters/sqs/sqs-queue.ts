import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { EventQueue } from '../../ports/queue';

const BATCH = 10;

/** SQS: messages go out in batches of ten; any entry SQS refuses fails the whole call. */
export const sqsQueue = (client: SQSClient, queueUrl: string): EventQueue => ({
  async send(messages) {
    for (let start = 0; start < messages.length; start += BATCH) {
      const entries = messages.slice(start, start + BATCH).map((message, index) => ({
        Id: String(start + index),
        MessageBody: message.body,
        ...(message.groupId === undefined ? {} : { MessageGroupId: message.groupId }),
        ...(message.deduplicationId === undefined ? {} : { MessageDeduplicationId: message.deduplicationId }),
        ...(message.delaySeconds === undefined ? {} : { DelaySeconds: message.delaySeconds }),
      }));
      const { Failed = [] } = await client.send(
        new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }),
      );
      if (Failed.length > 0)
        throw new Error(`queue refused ${Failed.length} message(s): ${Failed.map((f) => f.Code).join(', ')}`);
    }
  },
});
