import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from '../../../shared/validation/z';
import { logger } from '../logger';

/** One entry of the business provider: a delivery receipt or a reply. Only its kind and ids are read. */
const entry = z.looseObject({
  kind: z.enum(['status', 'message']),
  item: z.looseObject({ id: z.optional(z.string()), status: z.optional(z.string()) }),
});

const processor = new BatchProcessor(EventType.SQS);

/**
 * The business-event worker: receipts of the consent-link messages are recorded in the log (ids and
 * statuses, never the person's number or a reply's text). A body that is not an entry is dropped.
 */
const handleRecord = async (record: SQSRecord): Promise<void> => {
  const parsed = entry.safeParse(JSON.parse(record.body) as unknown);
  logger.info('business_event.handled', {
    messageId: record.messageId,
    kind: parsed.success ? parsed.data.kind : 'unknown',
    // The provider's id of the receipt's message or of the reply.
    ...(parsed.success && parsed.data.item.id !== undefined ? { entryId: parsed.data.item.id } : {}),
    ...(parsed.success && parsed.data.kind === 'status' ? { status: parsed.data.item.status } : {}),
  });
};

export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, handleRecord, processor, { context });
