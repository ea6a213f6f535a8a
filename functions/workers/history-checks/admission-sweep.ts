import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { observed } from '../../../shared/adapters/lambda/observability';
import { sweepAdmissions } from '../../../shared/app/history/admission';
import { historyChecksWiring, logger } from '../../composition/workers';

const { deps, metrics } = historyChecksWiring();

/**
 * The recurring admission sweep: free slots go to the head of the queue. Every move that frees a
 * slot or joins the queue admits by itself; this catches the one whose process died between its
 * commit and that admission. With no free slot or an empty queue it reads two keys and changes
 * nothing, so a late or doubled run is harmless. Each run reports how many slots are held.
 */
const handle = async (event: unknown): Promise<{ admitted: number }> => {
  scheduleTargets.historyAdmission.payload.parse(event ?? {});
  const admitted = await sweepAdmissions({ ...(await deps()), metrics }, 'crons');
  logger.info('history.admission_swept', { admitted });
  return { admitted };
};

export const handler = observed(handle);
