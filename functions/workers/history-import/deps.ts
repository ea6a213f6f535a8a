import { aesGcmContentSeal } from '../../../shared/adapters/crypto/content-seal';
import { loadHasher, loadSecret } from '../../../shared/adapters/crypto/service-secrets';
import { dynamoMessageStore } from '../../../shared/adapters/dynamo/message.store';
import type { RunDeps } from '../../../shared/app/history/run';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { configuredAnalyzer } from '../../analyzer';
import { configuredSeatKeys, configuredWrappedKeys } from '../../seat-keys';
import { configuredSessionProvider } from '../../session-provider';
import { historyCheckDeps } from '../history-checks/deps';
import { settings, table } from '../notifying';

// The import worker reads the provider's history and analyses it: no reconnects, no queued bodies.
const {
  sessionProvider,
  seatKeys: keys,
  wrappedKeys,
  analysis,
} = configFor('sessionProvider', 'seatKeys', 'wrappedKeys', 'analysis');
const providerTokens = lazy(() => loadSecret('providerTokens', settings));

/** What running an import needs: moving the queue, reading the provider, sealing and analysing. */
export const historyWorkerDeps = lazy(async (): Promise<RunDeps> => ({
  ...(await historyCheckDeps()),
  hasher: await loadHasher(settings),
  // It only reads history: every call has the history reads' budget.
  sessions: configuredSessionProvider(
    settings,
    sessionProvider,
    providerTokens,
    settings.HISTORY_PROVIDER_TIMEOUT_MS,
  ),
  analyzer: await configuredAnalyzer(settings, analysis),
  contentSeal: aesGcmContentSeal,
  messages: dynamoMessageStore(table),
  seatKeys: await configuredSeatKeys(settings, keys),
  wrappedKeys: configuredWrappedKeys(settings, wrappedKeys),
}));
