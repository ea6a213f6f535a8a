import {
  BedrockRuntimeClient,
  ConverseCommand,
  ModelTimeoutException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
  type ConverseCommandOutput,
  type ToolUseBlock,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { bedrockAnalyzer } from '../../../shared/adapters/analysis/bedrock-analyzer';
import { riskCategories, severities } from '../../../shared/domain/analysis/finding';
import type { WindowMessage } from '../../../shared/domain/analysis/window';
import { AnalysisUnavailable } from '../../../shared/ports/analyzer';

const bedrock = mockClient(BedrockRuntimeClient);
afterEach(() => {
  bedrock.reset();
});

const modelId = 'anthropic.claude-3-haiku-20240307-v1:0';
const analyzer = () => bedrockAnalyzer(new BedrockRuntimeClient({ region: 'us-east-1' }), modelId);

const window: WindowMessage[] = [
  { messageId: 'm-1', fromMe: true, text: 'oi', sentAt: '2026-11-24T10:00:00.000Z' },
  { messageId: 'm-2', fromMe: false, text: 'não conta pros seus pais', sentAt: '2026-11-24T10:01:00.000Z' },
];

/** What a tool call's input may hold (JSON). */
type Document = NonNullable<ToolUseBlock['input']>;

const toolAnswer = (findings: Document[]): ConverseCommandOutput => ({
  $metadata: {},
  output: {
    message: {
      role: 'assistant',
      content: [{ toolUse: { toolUseId: 't-1', name: 'report_findings', input: { findings } } }],
    },
  },
  stopReason: 'tool_use',
  usage: undefined,
  metrics: undefined,
});

const exception = <T>(Kind: new (options: { message: string; $metadata: object }) => T): T =>
  new Kind({ message: 'nope', $metadata: {} });

describe('the Bedrock analyzer', () => {
  it('turns the tool call into findings', async () => {
    bedrock
      .on(ConverseCommand)
      .resolves(toolAnswer([{ category: 'grooming', severity: 'high', messageId: 'm-2', confidence: 0.9 }]));
    expect(await analyzer().assess(window)).toEqual([
      { category: 'grooming', severity: 'high', messageId: 'm-2', confidence: 0.9 },
    ]);
  });

  it('drops a category outside the list, a message outside the window and a malformed entry', async () => {
    bedrock.on(ConverseCommand).resolves(
      toolAnswer([
        { category: 'gambling', severity: 'high', messageId: 'm-2', confidence: 0.9 },
        { category: 'scam', severity: 'low', messageId: 'm-99', confidence: 0.5 },
        { category: 'drugs', severity: 'extreme', messageId: 'm-2', confidence: 0.5 },
        { category: 'hate', severity: 'low', messageId: 'm-2', confidence: 7 },
        { category: 'bullying', severity: 'medium', messageId: 'm-1', confidence: 0.6 },
      ]),
    );
    expect(await analyzer().assess(window)).toEqual([
      { category: 'bullying', severity: 'medium', messageId: 'm-1', confidence: 0.6 },
    ]);
  });

  it('keeps one finding per message and category, the gravest', async () => {
    bedrock.on(ConverseCommand).resolves(
      toolAnswer([
        { category: 'violence', severity: 'low', messageId: 'm-2', confidence: 0.4 },
        { category: 'violence', severity: 'high', messageId: 'm-2', confidence: 0.8 },
      ]),
    );
    expect(await analyzer().assess(window)).toEqual([
      { category: 'violence', severity: 'high', messageId: 'm-2', confidence: 0.8 },
    ]);
  });

  it('answers no finding when the tool reports none', async () => {
    bedrock.on(ConverseCommand).resolves(toolAnswer([]));
    expect(await analyzer().assess(window)).toEqual([]);
  });

  it('forces the one tool, whose schema holds the closed categories and severities', async () => {
    bedrock.on(ConverseCommand).resolves(toolAnswer([]));
    await analyzer().assess(window);
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.modelId).toBe(modelId);
    const tools = input.toolConfig?.tools ?? [];
    expect(tools).toHaveLength(1);
    const spec = tools[0]!.toolSpec!;
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: spec.name } });
    const item = (spec.inputSchema?.json as { properties: { findings: { items: { properties: object } } } })
      .properties.findings.items.properties;
    expect(item).toMatchObject({
      category: { enum: [...riskCategories] },
      severity: { enum: [...severities] },
    });
  });

  it('gives the window as the user content, oldest first', async () => {
    bedrock.on(ConverseCommand).resolves(toolAnswer([]));
    await analyzer().assess(window);
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.messages).toHaveLength(1);
    expect(input.messages![0]!.role).toBe('user');
    const sent = JSON.parse(input.messages![0]!.content![0]!.text!) as unknown;
    expect(sent).toEqual([
      { messageId: 'm-1', from: 'protected', sentAt: window[0]!.sentAt, text: 'oi' },
      { messageId: 'm-2', from: 'contact', sentAt: window[1]!.sentAt, text: 'não conta pros seus pais' },
    ]);
  });

  it.each([
    ['throttling', exception(ThrottlingException)],
    ['an unavailable service', exception(ServiceUnavailableException)],
    ['a model timeout', exception(ModelTimeoutException)],
  ])('turns %s into the retryable error', async (_, error) => {
    bedrock.on(ConverseCommand).rejects(error);
    await expect(analyzer().assess(window)).rejects.toBeInstanceOf(AnalysisUnavailable);
  });

  it('lets any other failure through as it is', async () => {
    bedrock.on(ConverseCommand).rejects(exception(ValidationException));
    await expect(analyzer().assess(window)).rejects.toBeInstanceOf(ValidationException);
  });

  it('fails when the model answers without the tool', async () => {
    bedrock.on(ConverseCommand).resolves({
      $metadata: {},
      output: { message: { role: 'assistant', content: [{ text: 'I cannot help' }] } },
      stopReason: 'end_turn',
      usage: undefined,
      metrics: undefined,
    });
    await expect(analyzer().assess(window)).rejects.toThrow('without calling the findings tool');
  });

  it('calls nothing for an empty window', async () => {
    expect(await analyzer().assess([])).toEqual([]);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(0);
  });
});
