import {
  BatchProcessor,
  EventType,
  processPartialResponse,
  SqsFifoPartialProcessorAsync,
} from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { observed } from '../../shared/adapters/lambda/observability';
import { failureCauseOf } from '../../shared/app/failure-cause';
import type * as z from '../../shared/validation/z';

type Fields = Record<string, unknown>;

/** Where a worker's lines go: the workers' logger. */
export interface WorkerLog {
  info(name: string, fields: Fields): void;
  warn(name: string, fields: Fields): void;
}

/**
 * A message whose try failed, as the batch report carries it: its stable cause, never an
 * exception's message (which can echo a message's data). A worker that logged a failure of its own
 * throws it, and the helper only reports the message.
 */
export class MessageFailed extends Error {
  constructor(readonly reason: string) {
    super(`message failed: ${reason}`);
    this.name = 'MessageFailed';
  }
}

/** A message's type: its body schema's, or the body's text as it came. */
type MessageOf<S> = S extends z.ZodMiniType ? z.output<S> : string;

export interface QueueWorker<S extends z.ZodMiniType | 'text', B> {
  /** Its log lines: `<log>.handled` (each message's outcome), `<log>.dropped`, `<log>.failed`. */
  log: string;
  /** A line named otherwise (a name operators and tests already read). */
  lines?: Partial<Record<'handled' | 'dropped' | 'failed', string>>;
  /**
   * A FIFO queue: its records one after another, and one that fails holds back the rest of its
   * group in the batch, never other groups (`skipGroupOnError`). A standard queue's go at once.
   */
  fifo?: boolean;
  /**
   * What a message is: JSON of this schema (any other body is dropped, logged by its message id,
   * never its content), or `text`: the body as it came, for a worker that decodes it itself.
   */
  body: S;
  /** What names a message in its lines: ids, never content. By default its message id. */
  about?: (message: MessageOf<S>, record: SQSRecord) => Fields;
  /** What an invocation's records share, made once before the first (a failure fails them all). */
  batch?: () => Promise<B>;
  /**
   * The use case on one message. Resolves to the fields of its outcome line, or `null` where it
   * logged its outcome itself; a throw is logged with its stable cause and the message comes back.
   */
  run: (message: MessageOf<S>, record: SQSRecord, batch: B, context: Context) => Promise<Fields | null>;
}

const readJson = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * A queue worker's Lambda handler, observed (its trace and metrics), reporting partial batch
 * failures: a message handled or dropped is done, one that failed comes back after the visibility
 * timeout and, after the queue's last receive, lands in its dead-letter queue (which alarms).
 */
export const queueWorker = <S extends z.ZodMiniType | 'text', B = undefined>(
  logger: WorkerLog,
  worker: QueueWorker<S, B>,
) => {
  const line = (kind: 'handled' | 'dropped' | 'failed') => worker.lines?.[kind] ?? `${worker.log}.${kind}`;
  const read = (body: string): { message: MessageOf<S> } | null => {
    if (worker.body === 'text') return { message: body as MessageOf<S> };
    const parsed = (worker.body as z.ZodMiniType).safeParse(readJson(body));
    return parsed.success ? { message: parsed.data as MessageOf<S> } : null;
  };
  const handleRecord = async (record: SQSRecord, batch: B, context: Context): Promise<void> => {
    const body = read(record.body);
    if (body === null) {
      logger.warn(line('dropped'), { messageId: record.messageId });
      return;
    }
    const about = worker.about?.(body.message, record) ?? { messageId: record.messageId };
    let outcome: Fields | null;
    try {
      outcome = await worker.run(body.message, record, batch, context);
    } catch (error) {
      if (error instanceof MessageFailed) throw error;
      const cause = failureCauseOf(error);
      logger.warn(line('failed'), { ...about, cause });
      throw new MessageFailed(cause);
    }
    if (outcome !== null) logger.info(line('handled'), { ...about, ...outcome });
  };
  const handle = async (event: SQSEvent, context: Context) => {
    const batch = (worker.batch === undefined ? undefined : await worker.batch()) as B;
    const each = (record: SQSRecord) => handleRecord(record, batch, context);
    // A processor an invocation: it holds the batch's state, and the local stack runs a worker's
    // passes at once in one process (Lambda never does), so a shared one would mix their records.
    return worker.fifo === true
      ? processPartialResponse(event, each, new SqsFifoPartialProcessorAsync(), {
          context,
          skipGroupOnError: true,
        })
      : processPartialResponse(event, each, new BatchProcessor(EventType.SQS), { context });
  };
  return observed(handle);
};
