import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import type { WorkerDeps } from '../../shared/app/pairing/session-events';
import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { configuredAnalyzer } from '../analyzer';
import { configuredSeatKeys } from '../seat-keys';
import { deps, settings, table } from './runtime';

// Only the workers that read messages (live and history) have the seat keys and the analyzer.
const { seatKeys: keys, analysis } = configFor('seatKeys', 'analysis');

/** The workers' deps with what the analysis of a message needs. */
export const analysisDeps = lazy(async (): Promise<WorkerDeps> => ({
  ...(await deps()),
  analyzer: await configuredAnalyzer(settings, analysis),
  contentSeal: aesGcmContentSeal,
  messages: dynamoMessageStore(table),
  seatKeys: await configuredSeatKeys(settings, keys),
}));
