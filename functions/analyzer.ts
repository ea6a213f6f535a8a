import { ConfigError, type CapabilityConfig, type Config } from '../shared/config/config';
import type { Analyzer } from '../shared/ports/analyzer';

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
    const { rulesAnalyzer } = await import('../shared/adapters/analysis/rules-analyzer');
    return rulesAnalyzer({ sandboxMarker: settings.ANALYSIS_SANDBOX_MARKER === 'on' });
  }
  const [{ BedrockRuntimeClient }, { bedrockAnalyzer }] = await Promise.all([
    import('@aws-sdk/client-bedrock-runtime'),
    import('../shared/adapters/analysis/bedrock-analyzer'),
  ]);
  const bedrock = bedrockAnalyzer(
    new BedrockRuntimeClient({ region: settings.AWS_REGION }),
    analysis.ANALYSIS_MODEL_ID,
  );
  if (analysis.ANALYZER === 'bedrock') return bedrock;
  const [{ riskScreen }, { cascadeAnalyzer }] = await Promise.all([
    import('../shared/adapters/analysis/risk-screen'),
    import('../shared/adapters/analysis/cascade-analyzer'),
  ]);
  return cascadeAnalyzer(riskScreen, bedrock);
};
