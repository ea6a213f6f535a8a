import { decideRunFailure, type RunFailureDecision } from '../../domain/history/run-failure';
import { moveImport, type ImportJob } from '../../domain/history/history-import';
import { failureCauseOf } from '../failure-cause';
import { retryOnConflict } from '../retry-on-conflict';
import { commitImportMove, runningImport, type AdmissionDeps } from './admission';

/** What became of a failed run, with the failure's stable cause and the try it was. */
export type SettledFailure =
  (RunFailureDecision & { cause: string }) | { then: 'stale'; cause: string; attempt: number };

/** How far an import has read: what a failed run must have moved for its failures to count afresh. */
const markOf = (progress: { messages: number; chatsDone: number }) => progress.messages + progress.chatsDone;

/**
 * A run of `job` failed with `error`: the import never waits for the queue's visibility timeout
 * while it holds its slot. A session gone ends it `failed` at once; a failure that may pass sends
 * the job again, delayed a few seconds more each time; after the last try it ends `failed` (the
 * warm-up ends, protection goes on live). Either end frees the slot and admits the head of the
 * queue. A run that read more than the try before it (messages or chats done, not a chat list read
 * again) counts its failures afresh, so the tries stay bounded. An import no longer running (ended meanwhile, by its pairing's end, a stuck check) is
 * left as it is.
 */
export const settleFailedRun = async (
  deps: AdmissionDeps,
  job: ImportJob,
  error: unknown,
  jitter: number = Math.random(),
): Promise<SettledFailure> => {
  const cause = failureCauseOf(error);
  return retryOnConflict(async (): Promise<SettledFailure> => {
    const found = await runningImport(deps, job);
    if (found === null) return { then: 'stale', cause, attempt: (job.attempt ?? 0) + 1 };
    const { current } = found;
    const mark = markOf(current.progress);
    const movedOn = mark > (job.mark ?? 0);
    const decision = decideRunFailure(cause, movedOn ? 0 : (job.attempt ?? 0), jitter);
    if (decision.then === 'retry') {
      const again: ImportJob = {
        seatUid: job.seatUid,
        importId: job.importId,
        attempt: decision.attempt,
        mark,
      };
      await deps.historyWork.send(again, { delaySeconds: decision.delaySeconds });
      return { ...decision, cause };
    }
    const move = moveImport(current, 'fail', deps.clock.now());
    if (move !== null) await commitImportMove(deps, found.family, found.seat, move, 'workers');
    return { ...decision, cause };
  });
};
