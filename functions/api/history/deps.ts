import { failureCauseOf } from '../../../shared/app/failure-cause';
import type { AdmissionDeps } from '../../../shared/app/history/admission';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { configuredHistoryImports } from '../../history-imports';
import { configuredNotifier } from '../../notifications';
import { deps as apiDeps, logger, settings, table } from '../runtime';

const { notifications } = configFor('notifications');

/**
 * The history group's dependencies: the queue, its schedules and the worker's queue (an admission
 * may start an import or offer a slot), and the guardians' notifier (`history.offered`).
 */
const history = configuredHistoryImports(settings, table, (what, check, error) =>
  logger.error('history.schedule_failed', {
    what,
    seatUid: check.seatUid,
    importId: check.importId,
    cause: failureCauseOf(error),
  }),
);
const notifier = lazy(() =>
  configuredNotifier(settings, notifications, (refusal) =>
    logger.warn('notification.refused', { ...refusal }),
  ),
);

export const deps = lazy(async (): Promise<AdmissionDeps & Awaited<ReturnType<typeof apiDeps>>> => ({
  ...(await apiDeps()),
  ...history,
  notifier: await notifier(),
}));
