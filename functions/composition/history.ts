import type { Logger } from '@aws-lambda-powertools/logger';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoHistoryQueue } from '../../shared/adapters/dynamo/history-queue';
import type { Deps } from '../../shared/app/deps';
import { failureCauseOf } from '../../shared/app/failure-cause';
import type { Config } from '../../shared/config/config';
import type { ImportCheck } from '../../shared/domain/history/history-import';
import type { QueueMaker } from './queues';
import { onFirstUse, schedulerOf } from './schedules';

export type HistoryImportDeps = Pick<
  Deps,
  'historyQueue' | 'historyOffers' | 'historyStuckChecks' | 'historyWork'
>;

/**
 * What admitting and running history imports needs, for every process that moves the queue (the
 * API's import routes, the session-events worker at a first `paired`, the import worker and the
 * import schedules' targets). The schedulers' and the worker queue's settings are checked when
 * first used, so a process that never moves the queue needs none of them. A schedule given up is
 * logged (`history.schedule_failed`) with its ids and cause.
 */
export const historyImportsOf = (
  settings: Config,
  table: TableAccess,
  logger: Pick<Logger, 'error'>,
  queues: QueueMaker,
): HistoryImportDeps => {
  const givenUp = (what: 'historyOfferExpiry' | 'historyStuck') => (check: ImportCheck, error: unknown) =>
    logger.error('history.schedule_failed', {
      what,
      seatUid: check.seatUid,
      importId: check.importId,
      cause: failureCauseOf(error),
    });
  const work = queues('historyImport', settings, 'on first send');
  return {
    historyQueue: dynamoHistoryQueue(table),
    historyOffers: onFirstUse(
      schedulerOf('historyOfferExpiry', settings, 'on first use', givenUp('historyOfferExpiry')),
    ),
    historyStuckChecks: onFirstUse(
      schedulerOf('historyStuck', settings, 'on first use', givenUp('historyStuck')),
    ),
    historyWork: {
      send: async (job, options) =>
        work.send([
          {
            body: JSON.stringify(job),
            ...(options?.delaySeconds === undefined ? {} : { delaySeconds: options.delaySeconds }),
          },
        ]),
    },
  };
};
