import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { admitNext } from '../../../shared/app/history/admission';
import { logger } from '../logger';
import { historyCheckDeps } from './deps';

/**
 * The recurring admission sweep: free slots go to the head of the queue. Every move that frees a
 * slot or joins the queue admits by itself; this catches the one whose process died between its
 * commit and that admission. With no free slot or an empty queue it reads two keys and changes
 * nothing, so a late or doubled run is harmless.
 */
export const handler = async (event: unknown): Promise<{ admitted: number }> => {
  scheduleTargets.historyAdmission.payload.parse(event ?? {});
  const admitted = await admitNext(await historyCheckDeps(), 'crons');
  logger.info('history.admission_swept', { admitted });
  return { admitted };
};
