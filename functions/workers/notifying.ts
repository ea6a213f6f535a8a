import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { config, configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { systemClock } from '../../shared/ports/clock';
import { configuredNotifier } from '../notifications';
import { logger } from './logger';

/**
 * What a worker that notifies guardians needs, apart from the pairing workers' composition root: a
 * target that only notifies (the trial-ending schedule) starts with the base configuration and the
 * notifications capability, without the session provider's or the scheduler's variables.
 */
export const settings = config();
const { notifications } = configFor('notifications');

export const table = createTableAccess({
  tableName: settings.TABLE_NAME,
  region: settings.AWS_REGION,
  endpoint: settings.DYNAMODB_ENDPOINT,
});

export const notifier = lazy(() =>
  configuredNotifier(settings, notifications, (refusal) =>
    logger.warn('notification.refused', { ...refusal }),
  ),
);

export const notifyingDeps = lazy(async () => ({
  clock: systemClock,
  ids: cryptoIds(),
  families: dynamoFamilyStore(table),
  notificationSettings: dynamoNotificationSettings(table),
  notifier: await notifier(),
}));
