import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { configuredNotifier } from '../notifications';
import { configuredSessionEnds } from '../session-ends';
import { configuredSessionProvider } from '../session-provider';
import { deps as apiDeps, logger, providerTokens, settings } from './runtime';

const { sessionProvider, notifications } = configFor('sessionProvider', 'notifications');

/**
 * The dependencies of the groups that talk to the session provider (pairing, and consent for the
 * person's stop) and notify guardians of what they change: only they are given those variables,
 * checked here as they start. The sessions they end go to the session-ends worker's queue.
 */
const sessions = configuredSessionProvider(settings, sessionProvider, providerTokens);
const notifier = lazy(() =>
  configuredNotifier(settings, notifications, (refusal) =>
    logger.warn('notification.refused', { ...refusal }),
  ),
);

const sessionEnds = configuredSessionEnds(settings);

export const deps = lazy(async () => ({
  ...(await apiDeps()),
  sessions,
  sessionEnds,
  notifier: await notifier(),
}));
