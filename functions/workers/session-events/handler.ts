import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { handleSessionEvent } from '../../../shared/app/pairing/session-events';
import { deps, logger } from '../runtime';

/**
 * The session-event worker: the FIFO queue's batches, one record after another (order per session
 * matters). A record is acknowledged only when its handling finished; one that throws, and the rest
 * of the batch after it, are reported as failures and come back on the next pass (then the DLQ).
 * Its id is the provider's event id the gateway de-duplicated with.
 */
const processor = new SqsFifoPartialProcessorAsync();

/** The event's name and status, for the log: never its payload beyond them. */
const kindOf = (body: string): { event?: string; status?: string } => {
  try {
    const parsed = JSON.parse(body) as { event?: unknown; payload?: { status?: unknown } };
    return {
      ...(typeof parsed.event === 'string' ? { event: parsed.event } : {}),
      ...(typeof parsed.payload?.status === 'string' ? { status: parsed.payload.status } : {}),
    };
  } catch {
    return {};
  }
};

const handleRecord = async (record: SQSRecord): Promise<void> => {
  const eventId = record.attributes.MessageDeduplicationId ?? record.messageId;
  try {
    const outcome = await handleSessionEvent(await deps(), record.body, eventId);
    // `outcome` is a log metric (a CloudWatch metric filter counts `unknown_session`).
    logger.info('session_event.handled', {
      eventId,
      outcome,
      session: record.attributes.MessageGroupId,
      ...kindOf(record.body),
    });
  } catch (error) {
    logger.warn('session_event.retry', { eventId, error: error instanceof Error ? error.name : 'error' });
    throw error;
  }
};

export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, handleRecord, processor, { context });
