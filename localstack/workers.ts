import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import { lambdaContext } from './lambda-http';

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** The system attributes a worker may read, as Lambda gives them (SQS's own, when it sent them). */
const recordAttributes = (given: Message['Attributes'] = {}): SQSRecordAttributes => ({
  ApproximateReceiveCount: given.ApproximateReceiveCount ?? '1',
  SentTimestamp: given.SentTimestamp ?? '0',
  SenderId: given.SenderId ?? 'local',
  ApproximateFirstReceiveTimestamp: given.ApproximateFirstReceiveTimestamp ?? '0',
  AWSTraceHeader: given.AWSTraceHeader,
  SequenceNumber: given.SequenceNumber,
  MessageGroupId: given.MessageGroupId,
  MessageDeduplicationId: given.MessageDeduplicationId,
  DeadLetterQueueSourceArn: given.DeadLetterQueueSourceArn,
});

const toRecord = (message: Message, queueArn: string): SQSRecord => ({
  messageId: message.MessageId ?? '',
  receiptHandle: message.ReceiptHandle ?? '',
  body: message.Body ?? '',
  attributes: recordAttributes(message.Attributes),
  messageAttributes: {},
  md5OfBody: message.MD5OfBody ?? '',
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: 'sa-east-1',
});

/**
 * What an SQS event source mapping does, locally (docs/consumers.md): receive a batch,
 * invoke the worker handler with it as an SQS event, delete what succeeded and leave what failed
 * (reported in `batchItemFailures`, or all of it when the handler throws) for the next pass after
 * the visibility timeout; the queue's redrive moves a message that keeps failing to its DLQ.
 */
export const startQueuePoller = (options: {
  name: string;
  endpoint: string;
  queueUrl: string;
  /** The event source's batch size; SQS hands over at most 10 messages a receive. */
  batchSize: number;
  handler: SqsHandler;
  onError: (error: unknown) => void;
}) => {
  const client = new SQSClient({
    endpoint: options.endpoint,
    region: 'sa-east-1',
    useQueueUrlAsEndpoint: false,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const queueArn = `arn:aws:sqs:sa-east-1:000000000000:${options.queueUrl.split('/').at(-1) ?? ''}`;
  let running = true;
  const abort = new AbortController();

  const pass = async () => {
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: Math.min(options.batchSize, 10),
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    if (Messages.length === 0) return;
    let failed: Set<string>;
    try {
      const answer = await options.handler(
        { Records: Messages.map((message) => toRecord(message, queueArn)) },
        lambdaContext(options.name),
      );
      failed = new Set(answer.batchItemFailures.map((failure) => failure.itemIdentifier));
    } catch (error) {
      options.onError(error);
      failed = new Set(Messages.map((message) => message.MessageId ?? ''));
    }
    const done = Messages.filter((message) => !failed.has(message.MessageId ?? ''));
    if (done.length > 0) {
      await client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: options.queueUrl,
          Entries: done.map((message, index) => ({
            Id: String(index),
            ReceiptHandle: message.ReceiptHandle,
          })),
        }),
      );
    }
  };

  const loop = (async () => {
    while (running) {
      await pass().catch((error: unknown) => {
        if (running) options.onError(error);
      });
    }
  })();

  return {
    async stop() {
      running = false;
      abort.abort();
      await loop;
      client.destroy();
    },
  };
};
