import type { Logger } from '@aws-lambda-powertools/logger';
import { configFor, type CapabilityConfig, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { DeliveryRefusal, NotificationDelivery, PushRegistry } from '../../shared/ports/notifications';

/**
 * Guardians' e-mail and push, as the workers and the API groups that notify (pairing, consent,
 * history) send them: SES and SNS in AWS, log lines locally; the AWS clients loaded only where used,
 * from a file of their own beside the bundle (`aws-notifications.mts`).
 */
const configuredNotifier = async (
  settings: Config,
  notifications: CapabilityConfig<'notifications'>,
  /** Where a refused send is told (a log line: `notification.refused`). */
  onRefused: (refusal: DeliveryRefusal) => void,
): Promise<NotificationDelivery> => {
  if (notifications.NOTIFY_DELIVERY === 'log') {
    const { logDelivery } = await import('../../shared/adapters/notifications/log-delivery');
    return logDelivery();
  }
  const { SESClient, SNSClient, awsDelivery } = await import('./aws-notifications.mjs');
  return awsDelivery(
    {
      ses: new SESClient({ region: settings.AWS_REGION }),
      sns: new SNSClient({ region: settings.AWS_REGION }),
    },
    { from: notifications.MAIL_FROM, onRefused },
  );
};

/**
 * The guardians' notifier: its variables checked now, built on its first delivery (in AWS, SES's
 * and SNS's clients from their chunk), so a process whose first events notify no one never loads
 * them; a refused send is logged.
 */
export const notifierOf = (settings: Config, logger: Pick<Logger, 'warn'>): NotificationDelivery => {
  const { notifications } = configFor('notifications');
  const built = lazy(() =>
    configuredNotifier(settings, notifications, (refusal) =>
      logger.warn('notification.refused', { ...refusal }),
    ),
  );
  return { deliver: async (notification, recipients) => (await built()).deliver(notification, recipients) };
};

/**
 * Devices' push endpoints (where `POST /me/devices` registers them): SNS platform endpoints in AWS.
 * Its variables checked now, built on first use.
 */
export const pushRegistryOf = (settings: Config): (() => Promise<PushRegistry>) => {
  const { pushPlatforms: platforms } = configFor('pushPlatforms');
  return lazy(async () => {
    if (platforms.NOTIFY_DELIVERY === 'log') {
      const { logPushRegistry } = await import('../../shared/adapters/notifications/log-push-registry');
      return logPushRegistry();
    }
    const { SNSClient, snsPushRegistry } = await import('./aws-notifications.mjs');
    return snsPushRegistry(new SNSClient({ region: settings.AWS_REGION }), {
      ios: platforms.PUSH_IOS_APPLICATION_ARN,
      android: platforms.PUSH_ANDROID_APPLICATION_ARN,
    });
  });
};
