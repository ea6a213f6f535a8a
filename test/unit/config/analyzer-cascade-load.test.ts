import type * as BedrockRuntime from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it, vi } from 'vitest';
import { configuredAnalyzer } from '../../../functions/composition/analysis';
import { parseCapabilities, parseConfig } from '../../../shared/config/config';
import { AnalysisUnavailable } from '../../../shared/ports/analyzer';

/** Bedrock's clients made, each refusing every call as a throttled model would (no network here). */
const made = vi.hoisted(() => ({ clients: 0 }));
vi.mock('@aws-sdk/client-bedrock-runtime', async (original) => {
  const real = await original<typeof BedrockRuntime>();
  class CountedClient extends real.BedrockRuntimeClient {
    constructor(...config: ConstructorParameters<typeof real.BedrockRuntimeClient>) {
      super(...config);
      made.clients += 1;
    }
    override send = (() =>
      Promise.reject(
        Object.assign(new Error('throttled'), { name: 'ThrottlingException', $metadata: {} }),
      )) as never;
  }
  return { ...real, BedrockRuntimeClient: CountedClient };
});

const at = (text: string, n: number) => ({
  messageId: `m${n}`,
  fromMe: false,
  text,
  sentAt: `2026-01-01T00:0${n}:00.000Z`,
});

describe('the cascade a worker is configured with', () => {
  it("loads Bedrock's client only when a window passes the screen, and once", async () => {
    const settings = parseConfig({
      TABLE_NAME: 't',
      ANALYZER: 'cascade',
      ANALYSIS_MODEL_ID: 'model',
      AWS_REGION: 'us-east-1',
    });
    const analyzer = await configuredAnalyzer(settings, parseCapabilities(settings, 'analysis').analysis);
    expect(await analyzer.assess([at('bom dia, chego as 7', 1)])).toEqual([]);
    expect(made.clients).toBe(0);
    const suspicious = [at('não conta pros seus pais da gente', 1), at('manda uma foto sem roupa', 2)];
    await expect(analyzer.assess(suspicious)).rejects.toBeInstanceOf(AnalysisUnavailable);
    await expect(analyzer.assess(suspicious)).rejects.toBeInstanceOf(AnalysisUnavailable);
    expect(made.clients).toBe(1);
  });
});
