import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { businessEvent } from '../../../shared/adapters/consent/whatsapp-webhook';
import { recordStatusReport } from '../../../shared/app/consent/delivery-reports';
import { logger } from '../logger';
import { notifyingDeps } from '../notifying';
import { observed } from '../../../shared/adapters/lambda/observability';

const processor = new BatchProcessor(EventType.SQS);

/**
 * The business-event worker: a status report moves its consent link's delivery (the seat, the
 * family's events and, on `failed`, their inbox); replies and account errors are logged by kind and
 * code. Ids, statuses and codes only, never the person's number or a reply's text. A body that is
 * not an event is dropped.
 */
const handleRecord = async (record: SQSRecord): Promise<void> => {
  const parsed = businessEvent.safeParse(JSON.parse(record.body) as unknown);
  if (!parsed.success) {
    logger.info('business_event.handled', { messageId: record.messageId, kind: 'unknown' });
    return;
  }
  const event = parsed.data;
  if (event.kind === 'status') {
    const outcome = await recordStatusReport(await notifyingDeps(), event);
    logger.info('business_event.handled', {
      messageId: record.messageId,
      kind: event.kind,
      entryId: event.messageId,
      status: event.status,
      ...(event.errorCodes.length > 0 ? { errorCodes: event.errorCodes } : {}),
      outcome,
    });
    return;
  }
  logger.info('business_event.handled', {
    messageId: record.messageId,
    kind: event.kind,
    ...(event.kind === 'message' && event.messageId !== null ? { entryId: event.messageId } : {}),
    ...(event.kind === 'error' ? { errorCodes: event.codes } : {}),
  });
};

const handle = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, handleRecord, processor, { context });

export const handler = observed(handle);
