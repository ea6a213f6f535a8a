import { loadServiceSecrets } from '../../shared/adapters/crypto/service-secrets';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { logDelivery } from '../../shared/adapters/notifications/log-delivery';
import { scheduleTargets } from '../../shared/adapters/scheduler/schedule-targets';
import type { PairingWorkerDeps } from '../../shared/app/pairing/session-events';
import { config, configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { NotificationDelivery } from '../../shared/ports/notifications';
import type { ReconnectScheduler } from '../../shared/ports/scheduler';
import { systemClock } from '../../shared/ports/clock';
import { configuredEventBodies } from '../event-bodies';
import { configuredScheduler } from '../schedules';
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

// Locally: timers in this process invoke the reconnect handler the local stack serves.
const reconnectScheduler = (): Promise<ReconnectScheduler> =>
  configuredScheduler(scheduleTargets.reconnect, {
    config: scheduler,
    targetArn: settings.RECONNECT_TARGET_ARN,
    region: settings.AWS_REGION,
    onGiveUp: (attempt, error) => logger.error('reconnect.failed', { ...attempt, error: String(error) }),
  });

const notificationDelivery = async (): Promise<NotificationDelivery> => {
  if (notifications.NOTIFY_DELIVERY === 'log') return logDelivery();
  const [{ SESClient }, { SNSClient }, { awsDelivery }] = await Promise.all([
    import('@aws-sdk/client-ses'),
    import('@aws-sdk/client-sns'),
    import('../../shared/adapters/notifications/aws-delivery'),
  ]);
  return awsDelivery(
    {
      ses: new SESClient({ region: settings.AWS_REGION }),
      sns: new SNSClient({ region: settings.AWS_REGION }),
    },
    { from: notifications.MAIL_FROM, topicArn: notifications.NOTIFICATIONS_TOPIC_ARN },
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
  notifier: await notificationDelivery(),
  settings: useCaseSettingsFrom(settings),
}));
