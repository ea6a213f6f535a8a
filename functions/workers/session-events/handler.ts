import type { SQSRecord } from 'aws-lambda';
import { decodeQueuedBody } from '../../../shared/adapters/sqs/queued-body';
import {
  dispatchSessionEvent,
  readQueuedSessionEvent,
  sessionEventBatch,
  type QueuedSessionEvent,
} from '../../../shared/app/session-batch';
import { logger, sessionEventsWiring } from '../../composition/workers';
import { queueWorker } from '../queue-worker';

type SessionEventBatch = ReturnType<typeof sessionEventBatch>;

/** The workers' deps with what the analysis of a message needs, the provider's reader, the bodies kept aside. */
const { deps: sessionEventDeps, readProviderEvent, eventBodies } = sessionEventsWiring();
export { sessionEventDeps };

/** The event's name and status (or why it is not read), for the log: never its payload beyond them. */
const kindOf = (event: QueuedSessionEvent): { event?: string; status?: string; reason?: string } => ({
  ...(event.envelope === null ? {} : { event: event.envelope.event }),
  ...(event.kind === 'status' ? { status: event.status } : {}),
  ...(event.kind === 'unusable' ? { reason: event.reason } : {}),
});

/** The provider's event id the gateway de-duplicated with. */
const eventIdOf = (record: SQSRecord): string => record.attributes.MessageDeduplicationId ?? record.messageId;

const handleRecord = async (message: string, record: SQSRecord, batch: SessionEventBatch): Promise<null> => {
  const eventId = eventIdOf(record);
  const session = record.attributes.MessageGroupId;
  // The store of bodies kept aside is opened only for one of them (in AWS it loads S3's client).
  const queued = await decodeQueuedBody(message, eventBodies);
  if (queued.kind === 'gone') {
    // Only a handled event's body is removed (or one older than any redelivery): nothing is left to do.
    logger.warn('session_event.body_gone', { eventId, session, key: queued.key });
    return null;
  }
  const event = readQueuedSessionEvent(queued.bytes.toString('utf8'), readProviderEvent);
  const outcome = await dispatchSessionEvent(batch, event, eventId);
  // `outcome` is a log metric (a CloudWatch metric filter counts `unknown_session`).
  logger.info('session_event.handled', { eventId, outcome, session, ...kindOf(event) });
  if (queued.key !== null) await (await eventBodies()).remove(queued.key);
  return null;
};

/**
 * The session-event worker: the FIFO queue's batches, one record after another (order per session
 * matters). A record is acknowledged only when its handling finished; one that throws
 * (`session_event.retry`, with its cause), and the rest of its session's records after it in the
 * batch, are reported as failures and come back on the next pass (then the DLQ). Other sessions'
 * records in the batch go on: failed, they would wait out the visibility timeout (minutes) behind a
 * session that is not theirs, longer than a QR lives.
 * Its id is the provider's event id the gateway de-duplicated with; its body, the provider's exact
 * bytes as the gateway queued them (inline, or kept aside and removed once handled). A batch reads
 * each family once and unwraps each seat's key once; what it holds ends with it.
 */
export const handler = queueWorker(logger, {
  log: 'session_event',
  lines: { failed: 'session_event.retry' },
  fifo: true,
  body: 'text',
  about: (_, record) => ({ eventId: eventIdOf(record) }),
  batch: async () => sessionEventBatch(await sessionEventDeps()),
  run: handleRecord,
});
