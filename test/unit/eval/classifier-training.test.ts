import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  HYPERPARAMETERS,
  idiomFloors,
  stepsOf,
  trainClassifier,
  trainNetwork,
  trainWithThresholds,
} from '../../../eval/analysis/classifier-training';
import {
  HELD_OUT_ROUND,
  loadEvalSet,
  setDigest,
  splitOf,
  type EvalWindow,
} from '../../../eval/analysis/eval-set';
import { windowsOf } from '../../../eval/analysis/score';
import {
  committed,
  encode,
  modelOf,
  weightsFileOf,
  type ModelFile,
  type WindowClassifierModel,
} from '../../../shared/adapters/analysis/window-classifier';

const run = promisify(execFile);
const FIXTURES = 'test/fixtures/analysis-eval';

const window = (id: string, texts: string[], expected: EvalWindow['expected'] = []): EvalWindow => ({
  id,
  lang: 'pt-BR',
  messages: texts.map((text) => ({ from: 'contact', text })),
  expected,
});

describe('training the window classifier', () => {
  it('reads every step as the worker does: ordinary steps, carrying steps with their context, those leading to and following them', () => {
    const steps = stepsOf([
      window('ordinary-chat-0001', ['bom dia', 'tudo certo']),
      window(
        'scam-0001',
        ['oi', 'faz um pix', 'rapido'],
        [{ category: 'scam', minSeverity: 'high', message: 1 }],
      ),
    ]);
    expect(steps.map((s) => [s.kind, s.window.length, s.expected])).toEqual([
      ['ordinary', 1, []],
      ['ordinary', 2, []],
      ['leading', 1, []],
      ['carrying', 2, [{ category: 'scam', minSeverity: 2 }]],
      ['following', 3, []],
    ]);
  });

  it('is the average of its weights at the ends of the epochs from `averagedFrom` on', async () => {
    const steps = stepsOf(windowsOf(await loadEvalSet(FIXTURES), 'dev')).slice(0, 200);
    const encoded = steps.map((s) => encode(s.window, 1 << 10));
    const hp = { ...HYPERPARAMETERS, buckets: 1 << 10, hidden: 4 };
    const train = (epochs: number, averagedFrom: number) =>
      trainNetwork(encoded, steps, { ...hp, epochs, averagedFrom });
    const [first, second, averaged] = [train(1, 1), train(2, 2), train(2, 0)];
    // The same seed shuffles the first epoch alike: a run of one epoch is the longer run's first snapshot.
    expect(train(2, 1).output).toEqual(second.output);
    for (const part of ['input', 'hiddenBias', 'output', 'outputBias'] as const)
      averaged[part].forEach((weight, n) =>
        expect(weight).toBeCloseTo(((first[part][n] ?? 0) + (second[part][n] ?? 0)) / 2, 6),
      );
    expect(averaged.output).not.toEqual(second.output);
  });

  it('refuses a held-out window', () => {
    const heldOut = Array.from({ length: 100 }, (_, n) => `ordinary-chat-${String(n).padStart(4, '0')}`).find(
      (id) => splitOf({ id, round: HELD_OUT_ROUND }) === 'holdout',
    );
    expect(heldOut).toBeDefined();
    expect(() => trainClassifier([{ ...window(heldOut!, ['bom dia']), round: HELD_OUT_ROUND }])).toThrow(
      /dev split only/,
    );
  });

  it('trains the same model twice from the same windows', async () => {
    const dev = windowsOf(await loadEvalSet(FIXTURES), 'dev');
    const [first, second] = [await trainWithThresholds(dev), await trainWithThresholds(dev)];
    expect(second).toEqual(first);
    expect(first.header.devDigest).toBe(setDigest(dev));
  }, 60_000);

  it('learns the must-not-alert messages as ordinary, so they lift no finding threshold', async () => {
    const dev = windowsOf(await loadEvalSet(FIXTURES), 'dev');
    const floorsOf = (model: WindowClassifierModel) => Object.values(idiomFloors(model));
    const taught = floorsOf(trainClassifier(dev));
    const untaught = floorsOf(trainClassifier(dev, { ...HYPERPARAMETERS, mustNotAlertWeight: 0 }));
    expect(HYPERPARAMETERS.mustNotAlertWeight).toBeGreaterThan(0);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(taught)).toBeLessThan(sum(untaught) * 0.8);
  }, 60_000);

  it('was committed for the current dev split (a changed set asks for npm run eval:train)', async () => {
    const dev = windowsOf(await loadEvalSet('eval/analysis/windows'), 'dev');
    expect(committed.header.devDigest).toBe(setDigest(dev));
  });

  it('trains from the command line on another set into another file', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'train-')), 'model.json');
    await run(
      process.execPath,
      ['--import', 'tsx', 'eval/analysis/train.ts', '--windows', FIXTURES, '--out', out],
      {
        timeout: 60_000,
      },
    );
    // The input weights in a file of their own beside it, of the model's shape.
    const model = modelOf(
      JSON.parse(await readFile(out, 'utf8')) as ModelFile,
      await readFile(weightsFileOf(out)),
    );
    expect(model.header.devDigest).toBe(setDigest(windowsOf(await loadEvalSet(FIXTURES), 'dev')));
    expect(model.inputWeights.length).toBe(model.buckets * model.hidden);
    expect(model.inputWeights.some((w) => w !== 0)).toBe(true);
  }, 60_000);
});
