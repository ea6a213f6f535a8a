import { businessEvent } from '../../../shared/adapters/consent/whatsapp-webhook';
import { recordStatusReport } from '../../../shared/app/consent/delivery-reports';
import { logger, notifyingWiring } from '../../composition/workers';
import { queueWorker } from '../queue-worker';

const { deps } = notifyingWiring();

/**
 * The business-event worker: a status report moves its consent link's delivery (the seat, the
 * family's events and, on `failed`, their inbox); replies and account errors are logged by kind and
 * code. Ids, statuses and codes only, never the person's number or a reply's text. A body that is
 * not an event is dropped.
 */
export const handler = queueWorker(logger, {
  log: 'business_event',
  body: businessEvent,
  run: async (event) => {
    if (event.kind === 'status')
      return {
        kind: event.kind,
        entryId: event.messageId,
        status: event.status,
        ...(event.errorCodes.length > 0 ? { errorCodes: event.errorCodes } : {}),
        outcome: await recordStatusReport(await deps(), event),
      };
    return {
      kind: event.kind,
      ...(event.kind === 'message' && event.messageId !== null ? { entryId: event.messageId } : {}),
      ...(event.kind === 'error' ? { errorCodes: event.codes } : {}),
    };
  },
});
