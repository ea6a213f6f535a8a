import { loadServiceSecrets } from '../../shared/adapters/crypto/service-secrets';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { embeddedScheduler } from '../../shared/adapters/scheduler/embedded-scheduler';
import { scheduleTargets } from '../../shared/adapters/scheduler/schedule-targets';
import type { PairingWorkerDeps } from '../../shared/app/pairing/session-events';
import { config, configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { ReconnectScheduler } from '../../shared/ports/scheduler';
import { systemClock } from '../../shared/ports/clock';
import { configuredEventBodies } from '../event-bodies';
import { configuredNotifier } from '../notifications';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { configuredSessionProvider } from '../session-provider';
import { useCaseSettingsFrom } from '../use-case-settings';
import { logger } from './logger';

/**
 * The composition root of the workers (SQS consumers and the reconnect target): configuration read
 * at start, adapters built once per process. Nothing here logs content.
 */
export const settings = config();
const {
  sessionProvider,
  reconnectScheduler: scheduler,
  notifications,
  eventBodies: bodies,
} = configFor('sessionProvider', 'reconnectScheduler', 'notifications', 'eventBodies');

export { logger };

export const table = createTableAccess({
  tableName: settings.TABLE_NAME,
  region: settings.AWS_REGION,
  endpoint: settings.DYNAMODB_ENDPOINT,
});

const serviceSecrets = lazy(() => loadServiceSecrets(settings));
const hasher = lazy(async () => hmacHasher((await serviceSecrets()).hashKey));

const reconnectScheduler = async (): Promise<ReconnectScheduler> => {
  if (scheduler.RECONNECT_SCHEDULER === 'embedded') {
    // Locally: timers in this process invoke the reconnect handler the local stack serves, with the
    // event the AWS schedule would deliver to its Lambda.
    return embeddedScheduler(scheduleTargets.reconnect, {
      onGiveUp: (attempt, error) => logger.error('reconnect.failed', { ...attempt, error: String(error) }),
    });
  }
  const [{ SchedulerClient }, { eventBridgeScheduler }] = await Promise.all([
    import('@aws-sdk/client-scheduler'),
    import('../../shared/adapters/scheduler/eventbridge-scheduler'),
  ]);
  return eventBridgeScheduler(
    new SchedulerClient({ region: settings.AWS_REGION }),
    scheduleTargets.reconnect,
    {
      groupName: scheduler.SCHEDULER_GROUP_NAME,
      targetArn: scheduler.RECONNECT_TARGET_ARN,
      roleArn: scheduler.SCHEDULER_ROLE_ARN,
      deadLetterArn: scheduler.SCHEDULER_DLQ_ARN,
    },
  );
};

/** Where the gateway keeps a body too large for a queue message (read, then removed once handled). */
export const eventBodies = lazy(() => configuredEventBodies(settings, bodies));

/** What every worker uses; the session-events worker adds the analysis (its handler's module). */
export const deps = lazy(async (): Promise<PairingWorkerDeps> => ({
  clock: systemClock,
  hasher: await hasher(),
  ids: cryptoIds(),
  families: dynamoFamilyStore(table),
  sessions: configuredSessionProvider(settings, sessionProvider, serviceSecrets),
  reconnects: await reconnectScheduler(),
  notifier: await configuredNotifier(settings, notifications),
  notificationSettings: dynamoNotificationSettings(table),
  settings: useCaseSettingsFrom(settings),
}));
