import { failureCauseOf } from '../../../shared/app/failure-cause';
import { settleFailedRun, type SettledFailure } from '../../../shared/app/history/run-failure';
import { runImport } from '../../../shared/app/history/run';
import * as z from '../../../shared/validation/z';
import { historyImportWiring, logger, settings } from '../../composition/workers';
import { MessageFailed, queueWorker } from '../queue-worker';

const { deps: runDeps } = historyImportWiring();

const importJob = z.object({
  seatUid: z.string(),
  importId: z.string(),
  // Absent on a first try (and on jobs sent before tries were counted).
  attempt: z.optional(z.number().check(z.int(), z.gte(0))),
  mark: z.optional(z.number().check(z.int(), z.gte(0))),
});

/**
 * Time kept back from the function's limit: the page in hand (its provider call may take its whole
 * budget), its checkpoint and the hand-over.
 */
const marginMs = settings.HISTORY_PROVIDER_TIMEOUT_MS + 30_000;

/** One stable log line per way a failed run is settled. */
const settledLog: Record<SettledFailure['then'], string> = {
  retry: 'history.retry',
  give_up: 'history.gave_up',
  end_gone: 'history.ended_session_gone',
  stale: 'history.failed_after_end',
};

/**
 * The history import worker: one message runs (or resumes) one admitted import, one record at a
 * time. A run that nears the function's limit hands the rest to a new message. A run that fails is
 * settled at once (`settleFailedRun`): tried again a few seconds later, or the import ends, so it
 * never holds its slot for the queue's visibility timeout; only when that settling cannot be written
 * does the message come back (and resume from its chats' checkpoints). A job that cannot be read is
 * dropped (`history.unreadable_job`). Logs ids, the try and the failure's stable cause, never an
 * error's message.
 */
export const handler = queueWorker(logger, {
  log: 'history',
  lines: { dropped: 'history.unreadable_job', failed: 'history.run_failed' },
  body: importJob,
  batch: runDeps,
  run: async (job, _record, deps, context) => {
    const { seatUid, importId, attempt = 0 } = job;
    try {
      const budgetMs = Math.max(context.getRemainingTimeInMillis() - marginMs, 1_000);
      // The job it hands on (a run past its budget) starts a new count of failed tries.
      const outcome = await runImport(deps, { seatUid, importId }, { budgetMs });
      logger.info('history.run', { seatUid, importId, attempt, outcome });
    } catch (error) {
      try {
        const settled = await settleFailedRun(deps, job, error);
        logger.warn(settledLog[settled.then], {
          seatUid,
          importId,
          cause: settled.cause,
          attempt: settled.attempt,
          ...(settled.then === 'retry' ? { delaySeconds: settled.delaySeconds } : {}),
        });
      } catch (settling) {
        const settleCause = failureCauseOf(settling);
        logger.error('history.settle_failed', {
          seatUid,
          importId,
          attempt: attempt + 1,
          cause: failureCauseOf(error),
          settleCause,
        });
        throw new MessageFailed(settleCause);
      }
    }
    return null;
  },
});
