import { loadServiceSecrets } from '../../shared/adapters/crypto/service-secrets';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { embeddedScheduler } from '../../shared/adapters/scheduler/embedded-scheduler';
import { scheduleTargets, type ScheduleTarget } from '../../shared/adapters/scheduler/schedule-targets';
import type { PairingWorkerDeps } from '../../shared/app/pairing/session-events';
import { configFor, type CapabilityConfig } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { OneTimeScheduler } from '../../shared/ports/scheduler';
import { systemClock } from '../../shared/ports/clock';
import { configuredEventBodies } from '../event-bodies';
import { notifier, settings, table } from './notifying';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { configuredSessionProvider } from '../session-provider';
import { useCaseSettingsFrom } from '../use-case-settings';
import { logger } from './logger';

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

const serviceSecrets = lazy(() => loadServiceSecrets(settings));
const hasher = lazy(async () => hmacHasher((await serviceSecrets()).hashKey));

type SchedulerConfig = CapabilityConfig<'reconnectScheduler'> | CapabilityConfig<'trialEndingScheduler'>;

/**
 * A one-time scheduler of one target. Locally: timers in this process invoke the handler the local
 * stack serves for the target, with the event the AWS schedule would deliver to its Lambda.
 */
const oneTimeScheduler = async <P>(
  target: ScheduleTarget<P>,
  config: SchedulerConfig,
  targetArn: (config: Extract<SchedulerConfig, { RECONNECT_SCHEDULER: 'eventbridge' }>) => string,
): Promise<OneTimeScheduler<P>> => {
  if (config.RECONNECT_SCHEDULER === 'embedded') {
    return embeddedScheduler(target, {
      onGiveUp: (_payload, error) =>
        logger.error('schedule.failed', { target: target.name, error: String(error) }),
    });
  }
  const [{ SchedulerClient }, { eventBridgeScheduler }] = await Promise.all([
    import('@aws-sdk/client-scheduler'),
    import('../../shared/adapters/scheduler/eventbridge-scheduler'),
  ]);
  return eventBridgeScheduler(new SchedulerClient({ region: settings.AWS_REGION }), target, {
    groupName: config.SCHEDULER_GROUP_NAME,
    targetArn: targetArn(config),
    roleArn: config.SCHEDULER_ROLE_ARN,
    deadLetterArn: config.SCHEDULER_DLQ_ARN,
  });
};

/**
 * Trial-ending notices are scheduled where trials start (the session-events worker): its
 * configuration is read when the first one is, so the workers that never start a trial need none.
 */
const trialEndings = lazy(() => {
  const { trialEndingScheduler } = configFor('trialEndingScheduler');
  return oneTimeScheduler(scheduleTargets.trialEnding, trialEndingScheduler, (config) =>
    'TRIAL_ENDING_TARGET_ARN' in config ? config.TRIAL_ENDING_TARGET_ARN : '',
  );
});

/** Where the gateway keeps a body too large for a queue message (read, then removed once handled). */
export const eventBodies = lazy(() => configuredEventBodies(settings, bodies));

/** What every worker uses; the session-events worker adds the analysis (its handler's module). */
export const deps = lazy(async (): Promise<PairingWorkerDeps> => ({
  clock: systemClock,
  hasher: await hasher(),
  ids: cryptoIds(),
  families: dynamoFamilyStore(table),
  sessions: configuredSessionProvider(settings, sessionProvider, serviceSecrets),
  reconnects: await oneTimeScheduler(scheduleTargets.reconnect, scheduler, (config) =>
    'RECONNECT_TARGET_ARN' in config ? config.RECONNECT_TARGET_ARN : '',
  ),
  trialEndings: {
    schedule: async (notice, at) => (await trialEndings()).schedule(notice, at),
    cancel: async (notice) => (await trialEndings()).cancel(notice),
  },
  notifier: await notifier(),
  notificationSettings: dynamoNotificationSettings(table),
  settings: useCaseSettingsFrom(settings),
}));
