import {
  BedrockRuntimeClient,
  ConverseCommand,
  ThrottlingException,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { bedrockAnalyzer } from '../../../shared/adapters/analysis/bedrock-analyzer';
import { cascadeAnalyzer } from '../../../shared/adapters/analysis/cascade-analyzer';
import { riskScreen } from '../../../shared/adapters/analysis/risk-screen';
import type { WindowMessage } from '../../../shared/domain/analysis/window';
import { AnalysisUnavailable, type Analyzer } from '../../../shared/ports/analyzer';

const message = (text: string, n = 1, fromMe = false): WindowMessage => ({
  messageId: `m-${n}`,
  fromMe,
  text,
  sentAt: `2026-11-24T10:0${n}:00.000Z`,
});

/** A second stage that records the windows it reads and names a finding on the last message. */
const fakeSecond = () => {
  const read: (readonly WindowMessage[])[] = [];
  const analyzer: Analyzer = {
    assess(window) {
      read.push(window);
      return Promise.resolve([
        { category: 'scam', severity: 'high', messageId: window.at(-1)!.messageId, confidence: 0.9 },
      ]);
    },
  };
  return { analyzer, read };
};

describe('the cascade analyzer', () => {
  it('sends only the windows the screen finds suspicious to the second stage, which decides the findings', async () => {
    const second = fakeSecond();
    const cascade = cascadeAnalyzer((w) => w.at(-1)!.text.includes('pix'), second.analyzer);
    expect(await cascade.assess([message('bom dia')])).toEqual([]);
    const suspicious = [message('oi', 1), message('me faz um pix', 2)];
    expect(await cascade.assess(suspicious)).toEqual([
      { category: 'scam', severity: 'high', messageId: 'm-2', confidence: 0.9 },
    ]);
    expect(second.read).toEqual([suspicious]);
  });

  it('lets the second stage decide there is nothing', async () => {
    const cascade = cascadeAnalyzer(() => true, { assess: () => Promise.resolve([]) });
    expect(await cascade.assess([message('faz um pix')])).toEqual([]);
  });

  describe('with Bedrock as the second stage', () => {
    const bedrock = mockClient(BedrockRuntimeClient);
    afterEach(() => {
      bedrock.reset();
    });
    const cascade = () =>
      cascadeAnalyzer(
        riskScreen,
        bedrockAnalyzer(new BedrockRuntimeClient({ region: 'us-east-1' }), 'model'),
      );
    const answer: ConverseCommandOutput = {
      $metadata: {},
      output: {
        message: {
          role: 'assistant',
          content: [
            {
              toolUse: {
                toolUseId: 't',
                name: 'report_findings',
                input: {
                  findings: [{ category: 'scam', severity: 'medium', messageId: 'm-2', confidence: 0.8 }],
                },
              },
            },
          ],
        },
      },
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      metrics: { latencyMs: 1 },
    };

    it('never calls Bedrock for a window the screen lets by', async () => {
      bedrock.on(ConverseCommand).resolves(answer);
      expect(await cascade().assess([message('bom dia, que horas vc chega?')])).toEqual([]);
      expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(0);
    });

    it('calls Bedrock once for a suspicious window and keeps its findings', async () => {
      bedrock.on(ConverseCommand).resolves(answer);
      const window = [message('mae troquei de numero', 1), message('me faz um pix urgente', 2)];
      expect(await cascade().assess(window)).toEqual([
        { category: 'scam', severity: 'medium', messageId: 'm-2', confidence: 0.8 },
      ]);
      expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
    });

    it('passes an unavailable model on, so the message is retried', async () => {
      bedrock.on(ConverseCommand).rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));
      await expect(cascade().assess([message('me faz um pix urgente')])).rejects.toBeInstanceOf(
        AnalysisUnavailable,
      );
    });
  });
});
