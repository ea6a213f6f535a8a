import { Logger } from '@aws-lambda-powertools/logger';
import { loadServiceSecrets } from '../../shared/adapters/crypto/service-secrets';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { logDelivery } from '../../shared/adapters/notifications/log-delivery';
import { embeddedScheduler } from '../../shared/adapters/scheduler/embedded-scheduler';
import { scheduleTargets } from '../../shared/adapters/scheduler/schedule-targets';
import type { WorkerDeps } from '../../shared/app/pairing/session-events';
import { config, ConfigError } from '../../shared/config/config';
import type { NotificationDelivery } from '../../shared/ports/notifications';
import type { ReconnectScheduler } from '../../shared/ports/scheduler';
import { systemClock } from '../../shared/ports/clock';
import { configuredSessionProvider } from '../session-provider';
import { useCaseSettingsFrom } from '../use-case-settings';

/**
 * The composition root of the workers (SQS consumers and the reconnect target): configuration read
 * at start, adapters built once per process. Nothing here logs content: message events are ids only.
 */
export const settings = config();

export const logger = new Logger({
  serviceName: 'family-protection-workers',
  logLevel: settings.LOG_LEVEL,
  persistentKeys: { stage: settings.STAGE },
});

const table = createTableAccess({
  tableName: settings.TABLE_NAME,
  region: settings.AWS_REGION,
  endpoint: settings.DYNAMODB_ENDPOINT,
});

const need = (name: string, value: string | undefined): string => {
  if (value === undefined) throw new ConfigError(`Invalid configuration: ${name} must be set`);
  return value;
};

const reconnectScheduler = async (): Promise<ReconnectScheduler> => {
  if (settings.RECONNECT_SCHEDULER === 'embedded') {
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
      groupName: need('SCHEDULER_GROUP_NAME', settings.SCHEDULER_GROUP_NAME),
      targetArn: need('RECONNECT_TARGET_ARN', settings.RECONNECT_TARGET_ARN),
      roleArn: need('SCHEDULER_ROLE_ARN', settings.SCHEDULER_ROLE_ARN),
      deadLetterArn: need('SCHEDULER_DLQ_ARN', settings.SCHEDULER_DLQ_ARN),
    },
  );
};

const notificationDelivery = async (): Promise<NotificationDelivery> => {
  if (settings.NOTIFY_DELIVERY === 'log') return logDelivery();
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
    { from: settings.MAIL_FROM, topicArn: need('NOTIFICATIONS_TOPIC_ARN', settings.NOTIFICATIONS_TOPIC_ARN) },
  );
};

let building: Promise<WorkerDeps> | undefined;

export const deps = (): Promise<WorkerDeps> =>
  (building ??= (async () => {
    const secrets = await loadServiceSecrets(settings);
    return {
      clock: systemClock,
      ids: cryptoIds(),
      families: dynamoFamilyStore(table),
      sessions: configuredSessionProvider(settings, secrets.sessionProviderApiKey),
      reconnects: await reconnectScheduler(),
      notifier: await notificationDelivery(),
      // History ingest is a later capability: until then message events are counted, by id only.
      history: {
        async accept(message: Parameters<WorkerDeps['history']['accept']>[0]) {
          logger.info('history.accepted', { ...message });
        },
      },
      settings: useCaseSettingsFrom(settings),
    };
  })().catch((error: unknown) => {
    building = undefined;
    throw error;
  }));
