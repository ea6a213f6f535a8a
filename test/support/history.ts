import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoHistoryQueue } from '../../shared/adapters/dynamo/history-queue';
import type { ImportCheck, ImportJob } from '../../shared/domain/history/history-import';
import type { OneTimeScheduler } from '../../shared/ports/scheduler';

/** A scheduler that only records what it was asked: a test fires the schedules it wants, when it wants. */
export const recordingScheduler = () => {
  const scheduled: { check: ImportCheck; at: Date }[] = [];
  const scheduler: OneTimeScheduler<ImportCheck> = {
    schedule: async (check, at) => void scheduled.push({ check, at }),
    cancel: async () => undefined,
  };
  return { scheduler, scheduled };
};

/** The history import deps on a test table: the real queue, recording schedulers and worker queue. */
export const historyDeps = (table: TableAccess) => {
  const offers = recordingScheduler();
  const stuck = recordingScheduler();
  const sent: ImportJob[] = [];
  /** The delay each sent job was asked (0: at once), in the order sent. */
  const delays: number[] = [];
  return {
    deps: {
      historyQueue: dynamoHistoryQueue(table),
      historyOffers: offers.scheduler,
      historyStuckChecks: stuck.scheduler,
      historyWork: {
        send: async (job: ImportJob, options?: { delaySeconds?: number }) => {
          sent.push(job);
          delays.push(options?.delaySeconds ?? 0);
        },
      },
    },
    offers: offers.scheduled,
    stuck: stuck.scheduled,
    sent,
    delays,
  };
};
