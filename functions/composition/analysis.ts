import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import type { Deps } from '../../shared/app/deps';
import { ConfigError, configFor, type CapabilityConfig, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { Analyzer } from '../../shared/ports/analyzer';
import { kmsInBundle } from './kms-in-bundle';
import { seatKeysOf, wrappedKeysOf } from './seat-keys';

/** The stages whose configuration may honour the analysis sandbox marker (like a payment sandbox's test cards). */
export const sandboxStages: readonly string[] = ['local', 'test'];

/**
 * The analyzer the session-events worker reads messages with: in AWS the rule screen then Amazon
 * Bedrock for the windows it finds suspicious (or Bedrock alone), the rule-based analyzer locally. The sandbox marker is refused at start outside the local and test stages.
 */
export const configuredAnalyzer = async (
  settings: Pick<Config, 'STAGE' | 'AWS_REGION' | 'ANALYSIS_SANDBOX_MARKER'>,
  analysis: CapabilityConfig<'analysis'>,
): Promise<Analyzer> => {
  if (settings.ANALYSIS_SANDBOX_MARKER === 'on' && !sandboxStages.includes(settings.STAGE)) {
    throw new ConfigError(
      'Invalid configuration: ANALYSIS_SANDBOX_MARKER: on is for the local and test stages only',
    );
  }
  if (analysis.ANALYZER === 'rules') {
    const { rulesAnalyzer } = await import('../../shared/adapters/analysis/rules-analyzer');
    return rulesAnalyzer({ sandboxMarker: settings.ANALYSIS_SANDBOX_MARKER === 'on' });
  }
  const bedrock = lazy(async () => {
    const { BedrockRuntimeClient, bedrockAnalyzer } = await import('./aws-bedrock.mjs');
    return bedrockAnalyzer(
      new BedrockRuntimeClient({ region: settings.AWS_REGION }),
      analysis.ANALYSIS_MODEL_ID,
    );
  });
  if (analysis.ANALYZER === 'bedrock') return bedrock();
  const [{ riskScreen }, { cascadeAnalyzer }] = await Promise.all([
    import('../../shared/adapters/analysis/risk-screen'),
    import('../../shared/adapters/analysis/cascade-analyzer'),
  ]);
  // Bedrock's client (about 100 ms to load) only once a window passes the screen: most cold starts
  // read ordinary messages first, which never need it.
  return cascadeAnalyzer(riskScreen, { assess: async (window) => (await bedrock()).assess(window) });
};

/** What reading a person's messages takes: analysing them, and sealing them under their seat's key. */
export type MessageReading = Pick<Deps, 'analyzer' | 'contentSeal' | 'messages' | 'seatKeys' | 'wrappedKeys'>;

/**
 * Reading messages, as the session-events worker (as they arrive) and the history import worker (a
 * history) do, and they only: the seat keys', the wrapped keys' and the analysis's variables checked
 * now, the analyzer and the seat keys built on first use.
 */
export const messageReadingOf = (settings: Config, table: TableAccess): (() => Promise<MessageReading>) => {
  const { analysis } = configFor('analysis');
  // Every message read is sealed under its seat's key: KMS's code is in these workers' bundles.
  const seatKeys = seatKeysOf(settings, kmsInBundle);
  const wrappedKeys = wrappedKeysOf(table);
  return lazy(async () => ({
    analyzer: await configuredAnalyzer(settings, analysis),
    contentSeal: aesGcmContentSeal,
    messages: dynamoMessageStore(table),
    seatKeys: await seatKeys(),
    wrappedKeys,
  }));
};
