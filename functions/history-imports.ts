import { dynamoHistoryQueue } from '../shared/adapters/dynamo/history-queue';
import type { TableAccess } from '../shared/adapters/dynamo/client';
import { scheduleTargets } from '../shared/adapters/scheduler/schedule-targets';
import { sqsQueue } from '../shared/adapters/sqs/sqs-queue';
import type { Deps } from '../shared/app/deps';
import { configFor, type Config } from '../shared/config/config';
import { lazy } from '../shared/lazy';
import type { OneTimeScheduler } from '../shared/ports/scheduler';
import type { ImportCheck } from '../shared/domain/history/history-import';
import { configuredScheduler } from './schedules';

export type HistoryImportDeps = Pick<
  Deps,
  'historyQueue' | 'historyOffers' | 'historyStuckChecks' | 'historyWork'
>;

/**
 * What admitting and running history imports needs, for every process that moves the queue (the
 * API's import routes, the session-events worker at a first `paired`, the import worker and the
 * import schedules' targets). The schedulers' and the worker queue's settings are checked when
 * first used, so a process that never moves the queue needs none of them.
 */
export const configuredHistoryImports = (
  settings: Config,
  table: TableAccess,
  onGiveUp: (what: string, check: ImportCheck, error: unknown) => void,
): HistoryImportDeps => {
  const scheduler = (name: 'historyOfferExpiry' | 'historyStuck') =>
    lazy(() => {
      const config =
        name === 'historyOfferExpiry'
          ? configFor('historyOfferScheduler').historyOfferScheduler
          : configFor('historyStuckScheduler').historyStuckScheduler;
      return configuredScheduler(scheduleTargets[name], {
        config,
        targetArn:
          name === 'historyOfferExpiry'
            ? settings.HISTORY_OFFER_EXPIRY_TARGET_ARN
            : settings.HISTORY_STUCK_TARGET_ARN,
        region: settings.AWS_REGION,
        onGiveUp: (check, error) => onGiveUp(name, check, error),
      });
    });
  const deferred = (made: () => Promise<OneTimeScheduler<ImportCheck>>): OneTimeScheduler<ImportCheck> => ({
    schedule: async (check, at) => (await made()).schedule(check, at),
    cancel: async (check) => (await made()).cancel(check),
  });
  const work = lazy(async () => {
    const { historyImportQueue } = configFor('historyImportQueue');
    const { sqsClient } = await import('../shared/adapters/sqs/sqs-client');
    return sqsQueue(sqsClient(settings), historyImportQueue.HISTORY_IMPORT_QUEUE_URL);
  });
  return {
    historyQueue: dynamoHistoryQueue(table),
    historyOffers: deferred(scheduler('historyOfferExpiry')),
    historyStuckChecks: deferred(scheduler('historyStuck')),
    historyWork: {
      send: async (job, options) =>
        (await work()).send([
          {
            body: JSON.stringify(job),
            ...(options?.delaySeconds === undefined ? {} : { delaySeconds: options.delaySeconds }),
          },
        ]),
    },
  };
};
