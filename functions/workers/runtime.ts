import { failureCauseOf } from '../../shared/app/failure-cause';
import { loadHasher, loadSecret } from '../../shared/adapters/crypto/service-secrets';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { scheduleTargets } from '../../shared/adapters/scheduler/schedule-targets';
import type { PairingWorkerDeps } from '../../shared/app/pairing/session-events';
import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { systemClock } from '../../shared/ports/clock';
import { configuredEventBodies } from '../event-bodies';
import { configuredScheduler } from '../schedules';
import { notifier, settings, table } from './notifying';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { configuredSessionEnds } from '../session-ends';
import { configuredSessionProvider } from '../session-provider';
import { useCaseSettingsFrom } from '../use-case-settings';
import { logger } from './logger';
import { configuredHistoryImports } from '../history-imports';

/**
 * The composition root of the workers (SQS consumers and the reconnect target): configuration read
 * at start, adapters built once per process. Nothing here logs content.
 */
const {
  sessionProvider,
  reconnectScheduler: scheduler,
  eventBodies: bodies,
} = configFor('sessionProvider', 'reconnectScheduler', 'eventBodies');

export { logger, settings, table };

const providerTokens = lazy(() => loadSecret('providerTokens', settings));
const hasher = lazy(() => loadHasher(settings));

/**
 * Trial-ending notices are scheduled where trials start (the session-events worker): its
 * configuration is read when the first one is, so the workers that never start a trial need none.
 */
const trialEndings = lazy(() => {
  const { trialEndingScheduler } = configFor('trialEndingScheduler');
  return configuredScheduler(scheduleTargets.trialEnding, {
    config: trialEndingScheduler,
    targetArn: settings.TRIAL_ENDING_TARGET_ARN,
    region: settings.AWS_REGION,
    onGiveUp: (notice, error) =>
      logger.error('trial_ending.failed', { ...notice, cause: failureCauseOf(error) }),
  });
});

/** Where the gateway keeps a body too large for a queue message (read, then removed once handled). */
export const eventBodies = lazy(() => configuredEventBodies(settings, bodies));

/** What every worker uses; the session-events worker adds the analysis (its handler's module). */
export const deps = lazy(async (): Promise<PairingWorkerDeps> => ({
  clock: systemClock,
  hasher: await hasher(),
  ids: cryptoIds(),
  families: dynamoFamilyStore(table),
  sessions: configuredSessionProvider(settings, sessionProvider, providerTokens),
  sessionEnds: configuredSessionEnds(settings),
  // Locally: timers in this process invoke the reconnect handler the local stack serves.
  reconnects: await configuredScheduler(scheduleTargets.reconnect, {
    config: scheduler,
    targetArn: settings.RECONNECT_TARGET_ARN,
    region: settings.AWS_REGION,
    onGiveUp: (attempt, error) =>
      logger.error('reconnect.failed', { ...attempt, cause: failureCauseOf(error) }),
  }),
  trialEndings: {
    schedule: async (notice, at) => (await trialEndings()).schedule(notice, at),
    cancel: async (notice) => (await trialEndings()).cancel(notice),
  },
  notifier: await notifier(),
  notificationSettings: dynamoNotificationSettings(table),
  settings: useCaseSettingsFrom(settings),
  // Whoever moves a pairing to its first `paired` admits the warm-up; the import targets move the queue.
  ...configuredHistoryImports(settings, table, (what, check, error) =>
    logger.error('history.schedule_failed', {
      what,
      seatUid: check.seatUid,
      importId: check.importId,
      cause: failureCauseOf(error),
    }),
  ),
}));
