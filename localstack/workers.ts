import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** The Lambda context a handler may read; locally only its names matter. */
const localContext = (name: string): Context =>
  ({
    functionName: name,
    functionVersion: '$LATEST',
    awsRequestId: 'local',
    getRemainingTimeInMillis: () => 30_000,
  }) as Context;

const toRecord = (message: Message, queueArn: string): SQSRecord => ({
  messageId: message.MessageId ?? '',
  receiptHandle: message.ReceiptHandle ?? '',
  body: message.Body ?? '',
  attributes: message.Attributes as unknown as SQSRecord['attributes'],
  messageAttributes: {},
  md5OfBody: message.MD5OfBody ?? '',
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: 'sa-east-1',
});

/**
 * What an SQS event source mapping does, locally (local-stack.md "Workers"): receive a batch,
 * invoke the worker handler with it as an SQS event, delete what succeeded and leave what failed
 * (reported in `batchItemFailures`, or all of it when the handler throws) for the next pass after
 * the visibility timeout; the queue's redrive moves a message that keeps failing to its DLQ.
 */
export const startQueuePoller = (options: {
  name: string;
  endpoint: string;
  queueUrl: string;
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
        MaxNumberOfMessages: 10,
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
        localContext(options.name),
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
