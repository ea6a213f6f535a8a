/**
 * `npm run eval -- --adapter local|bedrock|cascade [--split dev|holdout|all] [--write-figures]
 * [--rules-only]`:
 * every window of eval/analysis/windows through the same `assess(window)` the worker calls, the
 * figures printed per category and written to `.eval/analysis-<adapter>-<split>.json`
 * (docs/analysis.md "Evaluation"). Never prints a window's text.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { BedrockRuntimeClient, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { bedrockAnalyzer, converseRequest } from '../../shared/adapters/analysis/bedrock-analyzer';
import { cascadeAnalyzer } from '../../shared/adapters/analysis/cascade-analyzer';
import {
  CLASSIFIER_SCREEN_THRESHOLD,
  riskScreen,
  riskScreenAt,
  SCREEN_THRESHOLD,
} from '../../shared/adapters/analysis/risk-screen';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { riskCategories } from '../../shared/domain/analysis/finding';
import { AnalysisUnavailable, type Analyzer } from '../../shared/ports/analyzer';
import { approximateTokensPerCall, costEstimate, type TokensPerCall } from './cost';
import { loadEvalSet, splits, type EvalWindow, type Split } from './eval-set';
import { FIGURES_PATH, measureFigures } from './figures';
import {
  chatOf,
  replay,
  score,
  scoreScreen,
  windowsOf,
  type Figures,
  type Replayed,
  type SplitFigures,
} from './score';

const adapters = ['local', 'bedrock', 'cascade'] as const;
const SWEEP_THRESHOLDS = [0.5, 1, 1.5, 2, 2.5, 3];
type Adapter = (typeof adapters)[number];

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const { values: args } = parseArgs({
  options: {
    adapter: { type: 'string' },
    split: { type: 'string', default: 'all' },
    'write-figures': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '4' },
    windows: { type: 'string', default: 'eval/analysis/windows' },
    report: { type: 'string' },
    sweep: { type: 'boolean', default: false },
    /** The local analyzer without the window classifier's findings: its rules alone, for comparison. */
    'rules-only': { type: 'boolean', default: false },
  },
});
const adapter = args.adapter as Adapter;
if (!adapters.includes(adapter)) fail('--adapter must be one of local, bedrock, cascade');
const split = args.split as Split | 'all';
if (![...splits, 'all'].includes(split)) fail('--split must be dev, holdout or all');
if (args['write-figures'] && adapter !== 'local') fail('--write-figures measures the local adapter only');
if (args['write-figures'] && args['rules-only'])
  fail('--write-figures measures the local analyzer as it ships, without --rules-only');
const concurrency = Number(args.concurrency);

/** Tokens the Converse answers reported, summed (a Bedrock run only). */
const usage = { calls: 0, input: 0, output: 0 };

/** Bedrock from the environment: refuses clearly, before any call, when something is missing. */
const bedrockFromEnvironment = async (): Promise<{ analyzer: Analyzer; modelId: string }> => {
  const modelId = process.env.ANALYSIS_MODEL_ID ?? '';
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? '';
  if (modelId === '' || region === '')
    fail(
      `--adapter ${adapter} calls Amazon Bedrock: set ANALYSIS_MODEL_ID (the model id the stage deploys) and AWS_REGION, with AWS credentials in the environment (AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)`,
    );
  const client = new BedrockRuntimeClient({ region });
  try {
    await client.config.credentials();
  } catch {
    fail(
      `--adapter ${adapter} found no AWS credentials: set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY`,
    );
  }
  client.middlewareStack.add(
    (next) => async (input) => {
      const result = await next(input);
      const counted = (result.output as Partial<ConverseCommandOutput>).usage;
      if (counted !== undefined) {
        usage.calls += 1;
        usage.input += counted.inputTokens ?? 0;
        usage.output += counted.outputTokens ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'countTokens' },
  );
  return { analyzer: bedrockAnalyzer(client, modelId), modelId };
};

/** A throttled model is retried (a CLI may wait); any other error ends the run. */
const patient = (analyzer: Analyzer): Analyzer => ({
  async assess(window) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await analyzer.assess(window);
      } catch (error) {
        if (!(error instanceof AnalysisUnavailable) || attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
      }
    }
  },
});

const replayAll = async (analyzer: Analyzer, windows: readonly EvalWindow[], cascade: boolean) => {
  const replays: Replayed[] = new Array<Replayed>(windows.length);
  const queue = [...windows.entries()];
  // A few windows at a time: Bedrock's quota, not the machine, is the limit.
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift())
      // Reading a message alone too costs a model call per expected finding: the local adapter only.
      replays[item[0]] = await replay(analyzer, item[1], cascade ? riskScreen : undefined, {
        readAlone: adapter === 'local',
      });
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return replays;
};

const pct = (value: number | null) => (value === null ? '-' : (value * 100).toFixed(1) + '%');
const num = (value: number | null) => (value === null ? '-' : value.toFixed(2));

const row = (name: string, f: Figures) =>
  [name.padEnd(15), f.windows, f.caught, f.missed, pct(f.precision), pct(f.recall), num(f.falseAlertsPer1000)]
    .map((cell, i) => (i === 0 ? cell : String(cell).padStart(10)))
    .join('');

const print = (name: string, figures: SplitFigures) => {
  console.log(
    `\n${name}: ${figures.windows} windows (${figures.ordinaryWindows} ordinary, ${figures.ordinaryMessages} ordinary messages), ${figures.analyses} analyses`,
  );
  console.log(
    [
      'category'.padEnd(15),
      ...['windows', 'caught', 'missed', 'precision', 'recall', 'FA/1000'].map((h) => h.padStart(10)),
    ].join(''),
  );
  for (const c of riskCategories) console.log(row(c, figures.categories[c]));
  console.log(row('overall', figures.overall));
  if (figures.secondStage !== undefined)
    console.log(
      `second stage: ${figures.secondStage.analyses} of ${figures.analyses} analyses (${pct(figures.secondStage.share)})`,
    );
  if (figures.contextCarried !== null)
    console.log(
      `carried by the conversation (their message alone names nothing of theirs): caught ${figures.contextCarried.caught} of ${figures.contextCarried.expected} (${pct(figures.contextCarried.recall)})`,
    );
};

const main = async () => {
  const set = await loadEvalSet(args.windows);
  if (set.length === 0) console.warn(`no windows under ${args.windows}: the figures are empty`);

  if (args['write-figures']) {
    if (args.windows !== 'eval/analysis/windows') fail('--write-figures measures the committed set only');
    await writeFile(FIGURES_PATH, JSON.stringify(await measureFigures(set), null, 2) + '\n');
    console.log(`wrote ${FIGURES_PATH}`);
  }

  const cascade = adapter === 'cascade';
  let analyzer: Analyzer = rulesAnalyzer(args['rules-only'] ? { classifierThresholds: null } : {});
  let modelId: string | undefined;
  if (adapter !== 'local') {
    const bedrock = await bedrockFromEnvironment();
    modelId = bedrock.modelId;
    analyzer = patient(cascade ? cascadeAnalyzer(riskScreen, bedrock.analyzer) : bedrock.analyzer);
  }

  const reported = split === 'all' ? splits : [split];
  const report: Record<string, unknown> = {
    adapter,
    ...(modelId === undefined ? {} : { modelId }),
    set: { windows: set.length },
    screenThreshold: SCREEN_THRESHOLD,
    classifierScreenThreshold: CLASSIFIER_SCREEN_THRESHOLD,
    splits: {},
  };
  const ordinary = { messages: 0, passed: 0 };
  let heldOutShare: number | null = null;
  for (const name of reported) {
    const windows = windowsOf(set, name);
    const figures = score(await replayAll(analyzer, windows, cascade), cascade);
    const screen = scoreScreen(riskScreen, windows);
    ordinary.messages += screen.ordinaryMessages;
    ordinary.passed += screen.ordinaryPassed;
    if (name === 'holdout') heldOutShare = screen.passRate;
    (report.splits as Record<string, unknown>)[name] = { ...figures, screen };
    print(name, figures);
    console.log(
      `screen (threshold ${SCREEN_THRESHOLD}, classifier ${CLASSIFIER_SCREEN_THRESHOLD}): recall ${pct(screen.recall)} of ${screen.expected} risky findings, passes ${pct(screen.passRate)} of ${screen.ordinaryMessages} ordinary messages`,
    );
  }

  if (args.sweep) {
    // Choosing the threshold: the dev split only, never the held-out windows.
    console.log('\nscreen thresholds on dev:');
    for (const threshold of SWEEP_THRESHOLDS) {
      const swept = scoreScreen(riskScreenAt(threshold), windowsOf(set, 'dev'));
      console.log(
        `  ${threshold.toFixed(1)}: recall ${pct(swept.recall)}, passes ${pct(swept.passRate)} of ordinary messages`,
      );
    }
  }

  // The cost of a person's traffic, nearly all of it ordinary: the screen's pass rate on ordinary
  // messages, the held-out split's when it was read (the screen was tuned on the dev split, whose
  // pass rate flatters it).
  const requests = set.flatMap((w) => {
    const chat = chatOf(w);
    return chat.map((_, i) => converseRequest(modelId ?? 'model', chat.slice(Math.max(0, i - 5), i + 1)));
  });
  const tokensPerCall: TokensPerCall =
    usage.calls > 0
      ? {
          input: Math.round(usage.input / usage.calls),
          output: Math.round(usage.output / usage.calls),
          source: 'measured',
        }
      : approximateTokensPerCall(requests);
  const share = heldOutShare ?? (ordinary.messages === 0 ? 0 : ordinary.passed / ordinary.messages);
  const cost = costEstimate(share, tokensPerCall);
  report.cost = cost;
  console.log(
    `\ncost per protected person and month (${cost.messagesPerMonth} messages; ${tokensPerCall.input} input + ${tokensPerCall.output} output tokens per call, ${tokensPerCall.source}):`,
  );
  console.log(
    `  Bedrock alone:   ${cost.withoutScreen.calls} calls, ${cost.withoutScreen.inputTokens} input + ${cost.withoutScreen.outputTokens} output tokens`,
  );
  console.log(
    `  with the screen: ${cost.withScreen.calls} calls (${pct(share)} passed), ${cost.withScreen.inputTokens} input + ${cost.withScreen.outputTokens} output tokens`,
  );

  const path = args.report ?? `.eval/analysis-${adapter}-${split}.json`;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nreport: ${path}`);
};

await main();
