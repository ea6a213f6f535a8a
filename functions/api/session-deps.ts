import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { configuredNotifier } from '../notifications';
import { configuredSessionProvider } from '../session-provider';
import { deps as apiDeps, logger, providerTokens, settings } from './runtime';

const { sessionProvider, notifications } = configFor('sessionProvider', 'notifications');

/**
 * The dependencies of the groups that talk to the session provider (pairing, and consent for the
 * person's stop) and notify guardians of what they change: only they are given those variables,
 * checked here as they start.
 */
const sessions = configuredSessionProvider(settings, sessionProvider, providerTokens);
const notifier = lazy(() =>
  configuredNotifier(settings, notifications, (refusal) =>
    logger.warn('notification.refused', { ...refusal }),
  ),
);

export const deps = lazy(async () => ({ ...(await apiDeps()), sessions, notifier: await notifier() }));
