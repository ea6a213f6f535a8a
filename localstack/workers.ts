import { localCredentials } from '../shared/adapters/local/local-endpoint';
import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import type { QueueConsumer } from '../infra/consumers';
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
 * How many passes poll a row's queue at once, locally. In AWS a FIFO queue's event source scales
 * with its message groups (one per session): one session's status reports never wait behind other
 * sessions' messages. Too few passes make them wait, and worse: the emulator hands groups over
 * oldest first, so sessions with a backlog of messages keep a newer session's QR out of every batch
 * while every pass is busy. Each receive holds at most ten groups until its batch is done, so the
 * passes hold more groups at once than the local stack's busiest run has sessions (the load run's
 * hundred), and a new session finds a pass waiting. The queue, as SQS, hands a group to one pass at
 * a time (not again until its messages in hand are deleted or their visibility ends), so passes at
 * once keep each group's order. A standard queue keeps one pass: nothing waits behind it under load.
 */
export const localPassesOf = (row: Pick<QueueConsumer, 'queue'>): number => (row.queue.fifo ? 25 : 1);

/**
 * What an SQS event source mapping does, locally (docs/consumers.md): receive a batch,
 * invoke the worker handler with it as an SQS event, delete what succeeded and leave what failed
 * (reported in `batchItemFailures`, or all of it when the handler throws) for the next pass after
 * the visibility timeout; the queue's redrive moves a message that keeps failing to its DLQ.
 * `passes` such receive-handle-delete loops run at once (`localPassesOf`).
 */
export const startQueuePoller = (options: {
  name: string;
  endpoint: string;
  queueUrl: string;
  /** The event source's batch size; SQS hands over at most 10 messages a receive. */
  batchSize: number;
  /** How many passes at once (default one). */
  passes?: number;
  /** The function's time limit, which its context counts down (default 30 s). */
  timeoutSeconds?: number;
  handler: SqsHandler;
  onError: (error: unknown) => void;
}) => {
  const client = new SQSClient({
    endpoint: options.endpoint,
    region: 'sa-east-1',
    useQueueUrlAsEndpoint: false,
    credentials: localCredentials,
  });
  const queueArn = `arn:aws:sqs:sa-east-1:000000000000:${options.queueUrl.split('/').at(-1) ?? ''}`;
  let running = true;
  const abort = new AbortController();

  const pass = async () => {
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: Math.min(options.batchSize, 10),
        // SQS's longest wait, as Lambda's pollers ask: the emulator answers as soon as a message
        // comes, and an idle queue costs a request every 20 s, not every second (25 passes at once
        // waiting a second each kept the local stack busy while nothing happened).
        WaitTimeSeconds: 20,
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    if (Messages.length === 0) return;
    let failed: Set<string>;
    try {
      const answer = await options.handler(
        { Records: Messages.map((message) => toRecord(message, queueArn)) },
        lambdaContext(options.name, options.timeoutSeconds),
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

  const loop = async () => {
    while (running) {
      await pass().catch((error: unknown) => {
        if (running) options.onError(error);
      });
    }
  };
  const loops = Array.from({ length: options.passes ?? 1 }, loop);

  return {
    async stop() {
      running = false;
      abort.abort();
      await Promise.all(loops);
      client.destroy();
    },
  };
};
