import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { handleTrialEnding } from '../../../shared/app/notifications/trial-ending';
import { logger, notifyingWiring } from '../../composition/workers';
import { observed } from '../../../shared/adapters/lambda/observability';

const { deps } = notifyingWiring();

/**
 * The trial-ending schedule's target (EventBridge Scheduler in AWS, the embedded scheduler locally):
 * the guardians' notice a day before a seat's trial ends. A stale or repeated schedule changes
 * nothing; a failure throws so the Scheduler retries it and, in the end, sends it to its DLQ.
 */
const handle = async (event: unknown): Promise<{ outcome: string }> => {
  const fired = scheduleTargets.trialEnding.payload.parse(event);
  const outcome = await handleTrialEnding(await deps(), fired);
  logger.info('trial_ending.fired', { seatUid: fired.seatUid, outcome });
  return { outcome };
};

export const handler = observed(handle);
