import { describe, expect, it } from 'vitest';
import { configuredAnalyzer } from '../../../functions/composition/analysis';
import { ConfigError, parseCapabilities, parseConfig } from '../../../shared/config/config';

const settingsOf = (env: Record<string, string>) => {
  const settings = parseConfig({ TABLE_NAME: 't', ...env });
  return { settings, analysis: parseCapabilities(settings, 'analysis').analysis };
};

describe('the analyzer a worker is configured with', () => {
  it('needs the model id with Bedrock, and nothing more with the rules', () => {
    expect(() => settingsOf({ ANALYZER: 'bedrock' })).toThrow(/ANALYSIS_MODEL_ID/);
    expect(settingsOf({ ANALYZER: 'rules' }).analysis).toEqual({
      ANALYZER: 'rules',
      ANALYSIS_SANDBOX_MARKER: 'off',
    });
  });

  it('reads with Bedrock alone by default (the screen does not meet its recall target yet)', () => {
    expect(() => settingsOf({})).toThrow(/ANALYSIS_MODEL_ID/);
    expect(settingsOf({ ANALYSIS_MODEL_ID: 'model' }).analysis).toEqual({
      ANALYZER: 'bedrock',
      ANALYSIS_MODEL_ID: 'model',
    });
  });

  it('screens with the rules before Bedrock as a cascade, which needs the model id', async () => {
    expect(() => settingsOf({ ANALYZER: 'cascade' })).toThrow(/ANALYSIS_MODEL_ID/);
    const { settings, analysis } = settingsOf({
      ANALYZER: 'cascade',
      ANALYSIS_MODEL_ID: 'model',
      AWS_REGION: 'us-east-1',
    });
    expect(analysis).toEqual({ ANALYZER: 'cascade', ANALYSIS_MODEL_ID: 'model' });
    // An ordinary window never reaches the model (no network here).
    const ordinary = [
      { messageId: 'm1', fromMe: false, text: 'bom dia', sentAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(await (await configuredAnalyzer(settings, analysis)).assess(ordinary)).toEqual([]);
  });

  it('honours the sandbox marker on the local and test stages only', async () => {
    const marked = { body: 'oi #risk:drugs:low' };
    const window = [
      { messageId: 'm1', fromMe: false, text: marked.body, sentAt: '2026-01-01T00:00:00.000Z' },
    ];
    for (const stage of ['local', 'test']) {
      const { settings, analysis } = settingsOf({
        STAGE: stage,
        ANALYZER: 'rules',
        ANALYSIS_SANDBOX_MARKER: 'on',
      });
      expect(await (await configuredAnalyzer(settings, analysis)).assess(window)).toEqual([
        { category: 'drugs', severity: 'low', messageId: 'm1', confidence: 1 },
      ]);
    }
    const { settings, analysis } = settingsOf({
      STAGE: 'prod',
      ANALYZER: 'rules',
      ANALYSIS_SANDBOX_MARKER: 'on',
    });
    await expect(configuredAnalyzer(settings, analysis)).rejects.toBeInstanceOf(ConfigError);
    const off = settingsOf({ STAGE: 'prod', ANALYZER: 'rules' });
    expect(await (await configuredAnalyzer(off.settings, off.analysis)).assess(window)).toEqual([]);
  });
});
