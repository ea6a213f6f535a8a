import { failureCauseOf } from '../../../shared/app/failure-cause';
import type { AdmissionDeps } from '../../../shared/app/history/admission';
import { lazy } from '../../../shared/lazy';
import { configuredHistoryImports } from '../../history-imports';
import { useCaseSettingsFrom } from '../../use-case-settings';
import { logger } from '../logger';
import { notifyingDeps, settings, table } from '../notifying';

/**
 * What the history import's schedule targets need: the family, the guardians' notifier (a freed
 * slot may offer the next import) and the queue with its schedules and worker queue. No session
 * provider: a check moves the queue, it reads no history.
 */
export const historyCheckDeps = lazy(async (): Promise<AdmissionDeps> => ({
  ...(await notifyingDeps()),
  settings: useCaseSettingsFrom(settings),
  ...configuredHistoryImports(settings, table, (what, check, error) =>
    logger.error('history.schedule_failed', {
      what,
      seatUid: check.seatUid,
      importId: check.importId,
      cause: failureCauseOf(error),
    }),
  ),
}));
