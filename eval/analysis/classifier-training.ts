import { createHash } from 'node:crypto';
import {
  ANY_RISK,
  classifierFindings,
  featuresOf,
  messageClassifier,
  type ClassifierModel,
  type MessageClassifier,
} from '../../shared/adapters/analysis/message-classifier';
import { screenScore, SCREEN_THRESHOLD } from '../../shared/adapters/analysis/risk-screen';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { riskCategories, type RiskCategory } from '../../shared/domain/analysis/finding';
import type { AnalysisWindow } from '../../shared/domain/analysis/window';
import type { Analyzer } from '../../shared/ports/analyzer';
import { isOrdinary, setDigest, splitOf, type EvalWindow } from './eval-set';
import { replay, score, scoreScreen } from './score';

/**
 * Training the message classifier (shared/adapters/analysis/message-classifier.ts) on the dev split,
 * and choosing its thresholds by cross-validation on dev: never on the held-out windows, which
 * measure whether it generalises. Deterministic: fixed order, no randomness, so a rerun on the same
 * set writes the same file.
 */

/** Features seen in fewer training messages are left out: noise, and weight in the file. */
const MIN_DOCUMENT_FREQUENCY = 3;
/**
 * Full-batch gradient descent on the class-balanced logistic loss, L2-regularised. The examples'
 * weights sum to 1 and their vectors are of length 1, so a step above 8 overshoots (the bias swings
 * and the models of the cross-validation end far from the final one: its thresholds would not hold).
 */
const ITERATIONS = 1000;
const LEARNING_RATE = 6;
const L2 = 1e-5;
/** Weights stored as integers of 1/SCALE; one below MIN_WEIGHT is 0, a feature whose weights are all 0 dropped. */
const SCALE = 1000;
const MIN_WEIGHT = 50;

/** Cross-validation: 5 folds of the dev split by window id. */
export const FOLDS = 5;
/** The screen's target: the share of ordinary messages it may pass (the budget is 5%). */
export const SCREEN_PASS_TARGET = 0.04;
/** A classifier finding may add at most this many false alerts per 1,000 ordinary messages. */
export const FINDING_FALSE_ALERTS_TARGET = 1;
/**
 * The least recall a classifier finding must add to the rules to be kept: false alerts are what
 * makes a family stop reading, so a finding that adds a tenth of a point of recall for one more false
 * alert per 1,000 ordinary messages is not worth it.
 */
export const MIN_FINDING_RECALL_GAIN = 0.01;
const CONTEXT_WEIGHTS = [0, 0.9, 1];

interface Example {
  features: readonly string[];
  /** The categories it carries; empty for an ordinary message (a negative of every category). */
  positives: readonly RiskCategory[];
}

/**
 * Per message: the carrying message of each expected finding is a positive of its category; every
 * message of an ordinary window a negative of all; the other messages of risky windows are left out.
 */
export const examplesOf = (windows: readonly EvalWindow[]): Example[] =>
  [...windows]
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((window) =>
      isOrdinary(window)
        ? window.messages.map((m) => ({ features: featuresOf(m.text), positives: [] }))
        : [...new Set(window.expected.map((e) => e.message))]
            .sort((a, b) => a - b)
            .map((index) => ({
              features: featuresOf(window.messages[index]?.text ?? ''),
              positives: [
                ...new Set(window.expected.filter((e) => e.message === index).map((e) => e.category)),
              ],
            })),
    );

/** The dev windows only: the training refuses a held-out window outright. */
const devOnly = (windows: readonly EvalWindow[]): readonly EvalWindow[] => {
  if (windows.some((w) => splitOf(w) !== 'dev'))
    throw new Error('the classifier trains on the dev split only');
  return windows;
};

/**
 * One-vs-rest logistic regression: per category, its positives against the ordinary messages (a
 * message of another category is neither), each class weighing half of the loss; and the `any` head,
 * every carrying message against the ordinary ones (the screen's: eight times the positives of one
 * category, so it generalises best).
 */
export const trainClassifier = (
  windows: readonly EvalWindow[],
  hp: { iterations: number; learningRate: number; l2: number } = {
    iterations: ITERATIONS,
    learningRate: LEARNING_RATE,
    l2: L2,
  },
  header: Pick<ClassifierModel['header'], 'thresholds' | 'crossValidated'> = {
    thresholds: { screen: 1, finding: null, contextWeight: 0 },
    crossValidated: {},
  },
): ClassifierModel => {
  const examples = examplesOf(devOnly(windows));
  const frequency = new Map<string, number>();
  for (const e of examples) for (const f of e.features) frequency.set(f, (frequency.get(f) ?? 0) + 1);
  const vocabulary = [...frequency]
    .filter(([, n]) => n >= MIN_DOCUMENT_FREQUENCY)
    .map(([f]) => f)
    .sort();
  const indexOf = new Map(vocabulary.map((f, i) => [f, i]));
  const heads = [...riskCategories, ANY_RISK] as const;
  const K = heads.length;
  const rows = examples.map((e) => ({
    columns: Int32Array.from(e.features.flatMap((f) => indexOf.get(f) ?? [])),
    norm: e.features.length === 0 ? 0 : 1 / Math.sqrt(e.features.length),
    positives: new Set(e.positives),
    ordinary: e.positives.length === 0,
  }));
  // Each example's weight per category (0: not an example of it); both classes weigh half.
  const carries = (row: (typeof rows)[number], head: (typeof heads)[number]) =>
    head === ANY_RISK ? !row.ordinary : row.positives.has(head);
  const sampleWeight = heads.map((head) => {
    const positives = rows.filter((r) => carries(r, head)).length;
    const negatives = rows.filter((r) => r.ordinary).length;
    return rows.map((r) =>
      carries(r, head) ? 0.5 / Math.max(positives, 1) : r.ordinary ? 0.5 / Math.max(negatives, 1) : 0,
    );
  });
  const weights = new Float64Array(vocabulary.length * K);
  const bias = new Float64Array(K);
  const gradient = new Float64Array(vocabulary.length * K);
  const biasGradient = new Float64Array(K);
  for (let iteration = 0; iteration < hp.iterations; iteration += 1) {
    gradient.fill(0);
    biasGradient.fill(0);
    rows.forEach((row, i) => {
      for (let c = 0; c < K; c += 1) {
        const s = sampleWeight[c]?.[i] ?? 0;
        if (s === 0) continue;
        let z = bias[c] ?? 0;
        for (const column of row.columns) z += (weights[column * K + c] ?? 0) * row.norm;
        const error = s * (1 / (1 + Math.exp(-z)) - (carries(row, heads[c] ?? ANY_RISK) ? 1 : 0));
        biasGradient[c] = (biasGradient[c] ?? 0) + error;
        for (const column of row.columns)
          gradient[column * K + c] = (gradient[column * K + c] ?? 0) + error * row.norm;
      }
    });
    for (let j = 0; j < weights.length; j += 1)
      weights[j] = (weights[j] ?? 0) - hp.learningRate * ((gradient[j] ?? 0) + hp.l2 * (weights[j] ?? 0));
    for (let c = 0; c < K; c += 1) bias[c] = (bias[c] ?? 0) - hp.learningRate * (biasGradient[c] ?? 0);
  }
  const stored: Record<string, number[]> = {};
  vocabulary.forEach((feature, f) => {
    const row = Array.from(weights.subarray(f * K, (f + 1) * K), (w) =>
      Math.abs(w * SCALE) < MIN_WEIGHT ? 0 : Math.round(w * SCALE),
    );
    if (row.some((w) => w !== 0)) stored[feature] = row;
  });
  return {
    header: {
      model: `one-vs-rest logistic regression, class-balanced, L2 ${L2}, ${ITERATIONS} iterations of gradient descent`,
      features: `folded words, word bigrams and character ${3}-${5}-grams within words, binary, L2-normalised over all the message's features; seen in >= ${MIN_DOCUMENT_FREQUENCY} training messages; weights below ${MIN_WEIGHT / SCALE} are 0`,
      devDigest: setDigest(windows),
      scale: SCALE,
      ...header,
    },
    heads,
    bias: Array.from(bias, (b) => Math.round(b * SCALE)),
    weights: stored,
  };
};

/** The fold of a dev window: from the id's hash, apart from the digits that chose the split. */
export const foldOf = (id: string): number =>
  Number.parseInt(createHash('sha256').update(id).digest('hex').slice(8, 16), 16) % FOLDS;

interface Fold {
  windows: readonly EvalWindow[];
  classifier: MessageClassifier;
}

const ruleVerdicts = new Map<string, boolean>();
/** The rules' screen alone, remembered per window (the sweeps ask it again). */
const ruleScreen = (window: AnalysisWindow) => {
  const key = window.map((m) => m.text).join('\u0000');
  const held = ruleVerdicts.get(key) ?? screenScore(window) >= SCREEN_THRESHOLD;
  ruleVerdicts.set(key, held);
  return held;
};

/** Screen figures over the folds, each fold's windows screened by the model trained without them. */
const screenAcross = (folds: readonly Fold[], screenOf: (fold: Fold) => (w: AnalysisWindow) => boolean) => {
  let [expected, screened, ordinaryMessages, ordinaryPassed] = [0, 0, 0, 0];
  for (const fold of folds) {
    const figures = scoreScreen(screenOf(fold), fold.windows);
    expected += figures.expected;
    screened += figures.screened;
    ordinaryMessages += figures.ordinaryMessages;
    ordinaryPassed += figures.ordinaryPassed;
  }
  return { recall: screened / expected, passRate: ordinaryPassed / ordinaryMessages };
};

const rounded = (value: number) => Math.round(value * 10000) / 10000;
/** Thresholds are thousandths. */
const STEPS = 1000;

/** The lowest threshold (a thousandth) at which `keeps` holds, which holds at every higher one. */
const lowestKeeping = async (keeps: (threshold: number) => boolean | Promise<boolean>): Promise<number> => {
  let [low, high] = [0, STEPS];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await keeps(middle / STEPS)) high = middle;
    else low = middle + 1;
  }
  return low / STEPS;
};

/** The lowest threshold whose pass rate (rules or classifier) keeps to the target, and its figures. */
const screenThresholdFor = async (folds: readonly Fold[], contextWeight: number) => {
  const passing = (threshold: number) =>
    screenAcross(
      folds,
      (fold) => (w) => ruleScreen(w) || fold.classifier.windowScore(w, contextWeight) >= threshold,
    );
  const threshold = await lowestKeeping((t) => passing(t).passRate <= SCREEN_PASS_TARGET);
  const alone = screenAcross(
    folds,
    (fold) => (w) => fold.classifier.windowScore(w, contextWeight) >= threshold,
  );
  return { threshold, contextWeight, combined: passing(threshold), classifierAlone: alone };
};

/** Local analyzer figures over the folds: the rules, with classifier findings at `threshold` (null: rules only). */
const analyzerAcross = async (folds: readonly Fold[], threshold: number | null, rules: boolean) => {
  let [caught, missed, falseAlerts, ordinaryMessages] = [0, 0, 0, 0];
  for (const fold of folds) {
    const analyzer: Analyzer = rules
      ? rulesAnalyzer({ classifier: fold.classifier, classifierThreshold: threshold })
      : { assess: (window) => Promise.resolve(classifierFindings(fold.classifier, threshold ?? 1, window)) };
    const figures = score(await Promise.all(fold.windows.map((w) => replay(analyzer, w))));
    caught += figures.overall.caught;
    missed += figures.overall.missed;
    falseAlerts += figures.overall.falseAlerts;
    ordinaryMessages += figures.ordinaryMessages;
  }
  return {
    recall: rounded(caught / (caught + missed)),
    falseAlertsPer1000: rounded((falseAlerts / ordinaryMessages) * 1000),
  };
};

/**
 * Trains the model on the whole dev split, with the thresholds chosen by 5-fold cross-validation on
 * it: the screen's the lowest that passes at most 4% of the held fold's ordinary messages (rules or
 * classifier), the finding's the lowest with at most 1 classifier false alert per 1,000 ordinary
 * messages, kept only when it adds at least a point of recall.
 */
export const trainWithThresholds = async (dev: readonly EvalWindow[]): Promise<ClassifierModel> => {
  devOnly(dev);
  const folds: Fold[] = Array.from({ length: FOLDS }, (_, k) => ({
    windows: dev.filter((w) => foldOf(w.id) === k),
    classifier: messageClassifier(trainClassifier(dev.filter((w) => foldOf(w.id) !== k)), { remember: true }),
  }));
  const candidates = await Promise.all(CONTEXT_WEIGHTS.map((weight) => screenThresholdFor(folds, weight)));
  // The context weight whose classifier alone recalls most (the rules were tuned on these very windows).
  const screen = candidates.reduce((a, b) => (b.classifierAlone.recall > a.classifierAlone.recall ? b : a));
  const rulesOnly = await analyzerAcross(folds, null, true);
  const findingThreshold = await lowestKeeping(
    async (t) => (await analyzerAcross(folds, t, false)).falseAlertsPer1000 <= FINDING_FALSE_ALERTS_TARGET,
  );
  const findingAlone = await analyzerAcross(folds, findingThreshold, false);
  const findingCombined = await analyzerAcross(folds, findingThreshold, true);
  // Kept only when it adds real recall to the rules without breaking the false-alert target.
  const finding =
    findingCombined.recall >= rulesOnly.recall + MIN_FINDING_RECALL_GAIN &&
    findingCombined.falseAlertsPer1000 <= FINDING_FALSE_ALERTS_TARGET
      ? { threshold: findingThreshold, combined: findingCombined, classifierAlone: findingAlone }
      : null;
  const figures = (f: { recall: number; passRate: number }) => ({
    recall: rounded(f.recall),
    passRate: rounded(f.passRate),
  });
  return trainClassifier(dev, undefined, {
    thresholds: {
      screen: screen.threshold,
      finding: finding?.threshold ?? null,
      contextWeight: screen.contextWeight,
    },
    crossValidated: {
      folds: FOLDS,
      screen: {
        target: `ordinary pass rate <= ${SCREEN_PASS_TARGET}`,
        candidates: candidates.map((c) => ({
          contextWeight: c.contextWeight,
          threshold: c.threshold,
          rulesOrClassifier: figures(c.combined),
          classifierAlone: figures(c.classifierAlone),
        })),
        rulesAlone: figures(screenAcross(folds, () => ruleScreen)),
      },
      finding: {
        target: `classifier false alerts per 1000 ordinary messages <= ${FINDING_FALSE_ALERTS_TARGET}`,
        rulesAlone: rulesOnly,
        threshold: findingThreshold,
        rulesOrClassifier: findingCombined,
        classifierAlone: findingAlone,
        kept: finding !== null,
      },
    },
  });
};
