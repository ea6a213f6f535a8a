import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { endPause } from '../../../shared/app/seats/pause';
import { logger, pauseResumeWiring } from '../../composition/workers';
import { observed } from '../../../shared/adapters/lambda/observability';

const { deps } = pauseResumeWiring();

/**
 * The pause-resume schedule's target: the end of one pause, the schedule's input as the event
 * (EventBridge Scheduler in AWS, the embedded scheduler locally). A late, doubled or stale schedule
 * changes nothing; a failure throws so the Scheduler retries it and, in the end, sends it to its DLQ.
 */
const handle = async (event: unknown): Promise<{ outcome: string }> => {
  const fired = scheduleTargets.pauseResume.payload.parse(event);
  const outcome = await endPause(deps, fired);
  logger.info('pause.ended', { ...fired, outcome });
  return { outcome };
};

export const handler = observed(handle);
