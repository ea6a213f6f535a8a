import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { checkStuck } from '../../../shared/app/history/admission';
import { historyChecksWiring, logger } from '../../composition/workers';
import { observed } from '../../../shared/adapters/lambda/observability';

const { deps } = historyChecksWiring();

/**
 * The stuck check's target: a running import without progress for `HISTORY_STUCK_SECONDS` is
 * `stuck` and its slot goes to the head of the queue; one that moved is checked again later. A
 * late, doubled or stale schedule changes nothing.
 */
const handle = async (event: unknown): Promise<{ outcome: string }> => {
  const fired = scheduleTargets.historyStuck.payload.parse(event);
  const outcome = await checkStuck(await deps(), fired);
  logger.info('history.stuck_checked', { seatUid: fired.seatUid, importId: fired.importId, outcome });
  return { outcome };
};

export const handler = observed(handle);
