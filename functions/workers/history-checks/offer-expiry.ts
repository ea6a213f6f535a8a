import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { lapseOffer } from '../../../shared/app/history/admission';
import { historyChecksWiring, logger } from '../../composition/workers';
import { observed } from '../../../shared/adapters/lambda/observability';

const { deps } = historyChecksWiring();

/**
 * The offer-expiry schedule's target: an offered import not accepted by `offerExpiresAt` goes back
 * to the end of the queue and its slot to the head. A late, doubled or stale schedule changes
 * nothing; a failure throws so the Scheduler retries it and, in the end, sends it to its DLQ.
 */
const handle = async (event: unknown): Promise<{ outcome: string }> => {
  const fired = scheduleTargets.historyOfferExpiry.payload.parse(event);
  const outcome = await lapseOffer(await deps(), fired);
  logger.info('history.offer_checked', { seatUid: fired.seatUid, importId: fired.importId, outcome });
  return { outcome };
};

export const handler = observed(handle);
