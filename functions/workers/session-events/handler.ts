import { failureCauseOf } from '../../../shared/app/failure-cause';
import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { decodeQueuedBody } from '../../../shared/adapters/sqs/queued-body';
import { readWahaEvent } from '../../../shared/adapters/session-provider/waha-events';
import { readCatchUp } from '../../../shared/app/pairing/catch-up';
import {
  dispatchSessionEvent,
  sessionEventBatch,
  type QueuedSessionEvent,
  type WorkerDeps,
} from '../../../shared/app/session-batch';

type SessionEventBatch = ReturnType<typeof sessionEventBatch>;
import { aesGcmContentSeal } from '../../../shared/adapters/crypto/content-seal';
import { dynamoMessageStore } from '../../../shared/adapters/dynamo/message.store';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { configuredAnalyzer } from '../../analyzer';
import { configuredSeatKeys, configuredWrappedKeys } from '../../seat-keys';
import { deps, eventBodies, logger, settings, table } from '../runtime';
import { observed } from '../../../shared/adapters/lambda/observability';

/**
 * The session-event worker: the FIFO queue's batches, one record after another (order per session
 * matters). A record is acknowledged only when its handling finished; one that throws, and the rest
 * of its session's records after it in the batch, are reported as failures and come back on the
 * next pass (then the DLQ). Other sessions' records in the batch go on (`skipGroupOnError`): failed,
 * they would wait out the visibility timeout (minutes) behind a session that is not theirs, longer
 * than a QR lives.
 * Its id is the provider's event id the gateway de-duplicated with; its body, the provider's exact
 * bytes as the gateway queued them (inline, or kept aside and removed once handled).
 */
const processor = new SqsFifoPartialProcessorAsync();

// Only this worker reads messages: the seat keys and the analyzer are its own capabilities.
const { seatKeys: keys, wrappedKeys, analysis } = configFor('seatKeys', 'wrappedKeys', 'analysis');

/** The workers' deps with what the analysis of a message needs. */
export const sessionEventDeps = lazy(async (): Promise<WorkerDeps> => ({
  ...(await deps()),
  analyzer: await configuredAnalyzer(settings, analysis),
  contentSeal: aesGcmContentSeal,
  messages: dynamoMessageStore(table),
  seatKeys: await configuredSeatKeys(settings, keys),
  wrappedKeys: configuredWrappedKeys(settings, wrappedKeys),
}));

/** A record's event: a pairing's own catch-up, or the provider's event as its adapter reads it. */
const readEvent = (body: string): QueuedSessionEvent => readCatchUp(body) ?? readWahaEvent(body);

/** The event's name and status (or why it is not read), for the log: never its payload beyond them. */
const kindOf = (event: QueuedSessionEvent): { event?: string; status?: string; reason?: string } => ({
  ...(event.envelope === null ? {} : { event: event.envelope.event }),
  ...(event.kind === 'status' ? { status: event.status } : {}),
  ...(event.kind === 'unusable' ? { reason: event.reason } : {}),
});

const handleRecord = async (batch: SessionEventBatch, record: SQSRecord): Promise<void> => {
  const eventId = record.attributes.MessageDeduplicationId ?? record.messageId;
  const session = record.attributes.MessageGroupId;
  try {
    const bodies = await eventBodies();
    const queued = await decodeQueuedBody(record.body, bodies);
    if (queued.kind === 'gone') {
      // Only a handled event's body is removed (or one older than any redelivery): nothing is left to do.
      logger.warn('session_event.body_gone', { eventId, session, key: queued.key });
      return;
    }
    const event = readEvent(queued.bytes.toString('utf8'));
    const outcome = await dispatchSessionEvent(batch, event, eventId);
    // `outcome` is a log metric (a CloudWatch metric filter counts `unknown_session`).
    logger.info('session_event.handled', { eventId, outcome, session, ...kindOf(event) });
    if (queued.key !== null) await bodies.remove(queued.key);
  } catch (error) {
    logger.warn('session_event.retry', { eventId, cause: failureCauseOf(error) });
    throw error;
  }
};

/** A batch reads each family once and unwraps each seat's key once; what it holds ends with it. */
const handle = async (event: SQSEvent, context: Context) => {
  const batch = sessionEventBatch(await sessionEventDeps());
  return processPartialResponse(event, (record: SQSRecord) => handleRecord(batch, record), processor, {
    context,
    skipGroupOnError: true,
  });
};

export const handler = observed(handle);
