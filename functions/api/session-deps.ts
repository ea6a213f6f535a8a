import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { configuredSessionProvider } from '../session-provider';
import { deps as apiDeps, serviceSecrets, settings } from './runtime';

/**
 * The dependencies of the groups that talk to the session provider (pairing, and consent for the
 * person's stop): only they are given its variables, checked here as they start.
 */
const sessions = configuredSessionProvider(
  settings,
  configFor('sessionProvider').sessionProvider,
  serviceSecrets,
);

export const deps = lazy(async () => ({ ...(await apiDeps()), sessions }));
