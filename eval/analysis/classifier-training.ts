import { createHash } from 'node:crypto';
import { screenScore, SCREEN_THRESHOLD } from '../../shared/adapters/analysis/risk-screen';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import {
  ANY_RISK,
  AT_LEAST_MEDIUM,
  encode,
  forward,
  HIGH,
  heads,
  networkOf,
  screenScoreOf,
  type Encoded,
  type FindingThresholds,
  type Network,
  windowClassifier,
  type WindowClassifierModel,
} from '../../shared/adapters/analysis/window-classifier';
import { riskCategories, severities, type RiskCategory } from '../../shared/domain/analysis/finding';
import {
  PREVIOUS_MESSAGES_IN_WINDOW,
  trimWindow,
  type AnalysisWindow,
} from '../../shared/domain/analysis/window';
import { isEverydaySample, isOrdinary, setDigest, splitOf, type EvalWindow } from './eval-set';
import { mustNotAlert } from './must-not-alert';
import { chatOf } from './score';

/**
 * Training the window classifier (shared/adapters/analysis/window-classifier.ts) on the dev split,
 * and choosing its thresholds by cross-validation on dev: never on the held-out windows, which
 * measure whether it generalises. Deterministic: a fixed order shuffled by a seeded generator, so a
 * rerun on the same set writes the same file.
 */

export interface Hyperparameters {
  /** Hashed feature buckets (a power of 2) and hidden units: together the file's size. */
  buckets: number;
  hidden: number;
  epochs: number;
  batch: number;
  learningRate: number;
  /** Weight decay of the touched rows, per step. */
  l2: number;
  /**
   * The model is the average of the weights at the end of each epoch from this one (0-based) on:
   * the mean of the states it passes through reads new hands better than its last state, which has
   * learned its writers' phrasing most (docs/analysis-history.md, "Round 10").
   */
  averagedFrom: number;
  /** The weight of a risky window's step before its first carrying message, as a negative (0: left out). */
  leadingStepWeight: number;
  /**
   * The weight of a risky window's step after a carrying message, as a negative (0: left out): its
   * window holds the risk already said, so it is no ordinary message.
   */
  followingStepWeight: number;
  /** The weight of each must-not-alert message, read alone, as a negative of every head (0: left out). */
  mustNotAlertWeight: number;
  seed: number;
}

export const HYPERPARAMETERS: Hyperparameters = {
  buckets: 1 << 15,
  hidden: 24,
  epochs: 8,
  batch: 32,
  learningRate: 0.003,
  l2: 2e-5,
  averagedFrom: 3,
  leadingStepWeight: 0.1,
  followingStepWeight: 0,
  mustNotAlertWeight: 16,
  seed: 31,
};

/** Cross-validation: 5 folds of the dev split by window id. */
export const FOLDS = 5;
/**
 * The screen's target on the held folds: the share of everyday ordinary messages it may pass (the
 * budget is 5%; a teaching round's hard negatives are left out, see `TEACHING_ROUNDS`).
 */
export const SCREEN_PASS_TARGET = 0.04;
/**
 * The classifier's findings may add at most this many false alerts per 1,000 everyday ordinary
 * messages on the held folds (the target is 2 with the rules' own; the held-out writers are new, so
 * a margin). Like the screen's budget, it leaves out the teaching rounds' hard negatives: they are
 * written to look risky (round 6's twins end in a risky window's very words), so counted as traffic
 * they would make the budget stricter with every round, where the target is a rate of real traffic.
 * They stay training data, and the must-not-alert floors still hold for every category.
 */
export const FINDING_FALSE_ALERTS_TARGET = 0.5;
/** The severity heads' thresholds keep at least this share of the detected risky steps at their severity. */
export const SEVERITY_KEPT = 0.95;

/** One analysis of a window, as the worker sees it: the window ending at message `index`. */
export interface Step {
  windowId: string;
  index: number;
  window: AnalysisWindow;
  kind: 'ordinary' | 'carrying' | 'leading' | 'following';
  /** An ordinary step of a window written as a sample of everyday traffic (`isEverydaySample`). */
  everyday: boolean;
  /** The categories expected on this message, with the least severity (0 low .. 2 high). */
  expected: readonly { category: RiskCategory; minSeverity: number }[];
  /** How much an ordinary step weighs as a negative (1 unless said). */
  weight?: number;
}

/**
 * Every step of every window (sorted by id): an ordinary window's steps are negatives of every
 * head; a carrying message's step is a positive of its categories (its window's earlier messages as
 * context); a risky window's steps before its first carrying message are negatives at
 * `leadingStepWeight`, those after it at `followingStepWeight`.
 */
export const stepsOf = (windows: readonly EvalWindow[]): Step[] =>
  [...windows]
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((window) => {
      const chat = chatOf(window);
      const firstCarrying = Math.min(...window.expected.map((e) => e.message));
      return chat.map((_, index): Step => {
        const expected = window.expected
          .filter((e) => e.message === index)
          .map((e) => ({ category: e.category, minSeverity: severities.indexOf(e.minSeverity) }));
        return {
          windowId: window.id,
          index,
          window: trimWindow(chat.slice(0, index + 1)),
          kind: isOrdinary(window)
            ? 'ordinary'
            : expected.length > 0
              ? 'carrying'
              : index < firstCarrying
                ? 'leading'
                : 'following',
          everyday: isOrdinary(window) && isEverydaySample(window),
          expected,
        };
      });
    });

/** A must-not-alert message read alone, as the table means it. */
const mustNotAlertWindow = (text: string, fromMe = false): AnalysisWindow => [
  { messageId: 'must-not-alert', fromMe, text, sentAt: '2026-01-05T12:00:00.000Z' },
];

/**
 * The must-not-alert messages as ordinary steps, each read alone, from a contact and from the
 * protected person, at `mustNotAlertWeight`: training data only, never scored in a fold's figures.
 */
const mustNotAlertSteps = (hp: Hyperparameters): Step[] =>
  hp.mustNotAlertWeight === 0
    ? []
    : mustNotAlert.flatMap((text, n) =>
        [false, true].map((fromMe): Step => ({
          windowId: `must-not-alert-${n}`,
          index: 0,
          window: mustNotAlertWindow(text, fromMe),
          kind: 'ordinary',
          everyday: false,
          expected: [],
          weight: hp.mustNotAlertWeight,
        })),
      );

/** The dev windows only: the training refuses a held-out window outright. */
const devOnly = (windows: readonly EvalWindow[]): readonly EvalWindow[] => {
  if (windows.some((w) => splitOf(w) !== 'dev'))
    throw new Error('the classifier trains on the dev split only');
  return windows;
};

/** A small seeded generator (mulberry32): the shuffles are the same every run. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const K = heads.length;
const headIndex = (head: (typeof heads)[number]) => heads.indexOf(head);

/** Per step and head: the target (0/1) and the example's weight (0: not an example of that head). */
const targetsOf = (steps: readonly Step[], hp: Hyperparameters) => {
  const target = new Float32Array(steps.length * K);
  const weight = new Float32Array(steps.length * K);
  steps.forEach((step, i) => {
    const carries = new Set(step.expected.map((e) => e.category));
    const gravest = Math.max(-1, ...step.expected.map((e) => e.minSeverity));
    const negative = {
      ordinary: step.weight ?? 1,
      leading: hp.leadingStepWeight,
      carrying: 0,
      following: hp.followingStepWeight,
    }[step.kind];
    riskCategories.forEach((category, k) => {
      if (carries.has(category)) [target[i * K + k], weight[i * K + k]] = [1, 1];
      else weight[i * K + k] = negative;
    });
    const any = headIndex(ANY_RISK);
    if (step.kind === 'carrying') [target[i * K + any], weight[i * K + any]] = [1, 1];
    else weight[i * K + any] = negative;
    if (step.kind === 'carrying') {
      const [medium, high] = [headIndex(AT_LEAST_MEDIUM), headIndex(HIGH)];
      [target[i * K + medium], weight[i * K + medium]] = [gravest >= 1 ? 1 : 0, 1];
      [target[i * K + high], weight[i * K + high]] = [gravest >= 2 ? 1 : 0, 1];
    }
  });
  // Each class of each head weighs half its loss, on the scale of one example per step.
  for (let k = 0; k < K; k += 1) {
    let [positive, negative] = [0, 0];
    for (let i = 0; i < steps.length; i += 1)
      if ((target[i * K + k] ?? 0) === 1) positive += weight[i * K + k] ?? 0;
      else negative += weight[i * K + k] ?? 0;
    const total = positive + negative;
    for (let i = 0; i < steps.length; i += 1) {
      const scale =
        (target[i * K + k] ?? 0) === 1
          ? total / (2 * Math.max(positive, 1e-9))
          : total / (2 * Math.max(negative, 1e-9));
      weight[i * K + k] = (weight[i * K + k] ?? 0) * scale;
    }
  }
  return { target, weight };
};

const ADAM = { beta1: 0.9, beta2: 0.999, epsilon: 1e-8 };

/**
 * Mini-batch Adam on the weighted logistic loss of every head, one hidden layer of ReLUs; the input
 * rows are updated lazily (only the buckets a batch touched), so an epoch costs what its windows'
 * features do. Deterministic: seeded initial weights and order.
 */
export const trainNetwork = (
  encoded: readonly Encoded[],
  steps: readonly Step[],
  hp: Hyperparameters,
): Network => {
  const random = seeded(hp.seed);
  const H = hp.hidden;
  const B = hp.buckets;
  const { target, weight } = targetsOf(steps, hp);
  const uniform = (limit: number) => (random() * 2 - 1) * limit;
  const input = Float32Array.from({ length: B * H }, () => uniform(0.1));
  const hiddenBias = new Float64Array(H).fill(0.01);
  const output = Float64Array.from({ length: H * K }, () => uniform(Math.sqrt(6 / (H + K))));
  const outputBias = new Float64Array(K);
  // Adam's moments, and the gradients of a batch (the input's by touched row).
  const [m1, v1, g1] = [new Float32Array(B * H), new Float32Array(B * H), new Float32Array(B * H)];
  const touchedAt = new Int32Array(B).fill(-1);
  const dense = [hiddenBias, output, outputBias];
  const denseMoments = dense.map((p) => ({
    p,
    m: new Float64Array(p.length),
    v: new Float64Array(p.length),
    g: new Float64Array(p.length),
  }));
  const order = Array.from(steps.keys()).filter((i) => {
    for (let k = 0; k < K; k += 1) if ((weight[i * K + k] ?? 0) > 0) return true;
    return false;
  });
  const h = new Float64Array(H);
  const dz = new Float64Array(K);
  const dh = new Float64Array(H);
  let t = 0;
  const parameters = [input, hiddenBias, output, outputBias];
  const sums = parameters.map((p) => new Float64Array(p.length));
  let snapshots = 0;
  for (let epoch = 0; epoch < hp.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (let start = 0; start < order.length; start += hp.batch) {
      const batch = order.slice(start, start + hp.batch);
      const touched: number[] = [];
      for (const d of denseMoments) d.g.fill(0);
      const [gHiddenBias, gOutput, gOutputBias] = denseMoments.map((d) => d.g) as [
        Float64Array,
        Float64Array,
        Float64Array,
      ];
      for (const i of batch) {
        const example = encoded[i] as Encoded;
        const z = forward(
          { buckets: B, hidden: H, input, inputScale: 1, hiddenBias, output, outputBias },
          example,
          h,
        );
        for (let k = 0; k < K; k += 1) {
          const w = weight[i * K + k] ?? 0;
          dz[k] =
            w === 0 ? 0 : (w * (1 / (1 + Math.exp(-(z[k] ?? 0))) - (target[i * K + k] ?? 0))) / batch.length;
          gOutputBias[k] = (gOutputBias[k] ?? 0) + (dz[k] ?? 0);
        }
        for (let j = 0; j < H; j += 1) {
          const a = h[j] ?? 0;
          let back = 0;
          for (let k = 0; k < K; k += 1) {
            back += (output[j * K + k] ?? 0) * (dz[k] ?? 0);
            if (a > 0) gOutput[j * K + k] = (gOutput[j * K + k] ?? 0) + a * (dz[k] ?? 0);
          }
          dh[j] = a > 0 ? back : 0;
          gHiddenBias[j] = (gHiddenBias[j] ?? 0) + (dh[j] ?? 0);
        }
        for (let f = 0; f < example.ids.length; f += 1) {
          const id = example.ids[f] ?? 0;
          const v = example.values[f] ?? 0;
          const row = id * H;
          if (touchedAt[id] !== start + epoch * order.length) {
            touchedAt[id] = start + epoch * order.length;
            touched.push(id);
            g1.fill(0, row, row + H);
          }
          for (let j = 0; j < H; j += 1) g1[row + j] = (g1[row + j] ?? 0) + v * (dh[j] ?? 0);
        }
      }
      t += 1;
      const rate = (hp.learningRate * Math.sqrt(1 - ADAM.beta2 ** t)) / (1 - ADAM.beta1 ** t);
      touched.sort((a, b) => a - b);
      for (const id of touched)
        for (let p = id * H; p < id * H + H; p += 1) {
          const g = (g1[p] ?? 0) + hp.l2 * (input[p] ?? 0);
          m1[p] = ADAM.beta1 * (m1[p] ?? 0) + (1 - ADAM.beta1) * g;
          v1[p] = ADAM.beta2 * (v1[p] ?? 0) + (1 - ADAM.beta2) * g * g;
          input[p] = (input[p] ?? 0) - (rate * (m1[p] ?? 0)) / (Math.sqrt(v1[p] ?? 0) + ADAM.epsilon);
        }
      denseMoments.forEach((d) => {
        const p = d.p;
        for (let q = 0; q < p.length; q += 1) {
          const g = d.g[q] ?? 0;
          d.m[q] = ADAM.beta1 * (d.m[q] ?? 0) + (1 - ADAM.beta1) * g;
          d.v[q] = ADAM.beta2 * (d.v[q] ?? 0) + (1 - ADAM.beta2) * g * g;
          p[q] = (p[q] ?? 0) - (rate * (d.m[q] ?? 0)) / (Math.sqrt(d.v[q] ?? 0) + ADAM.epsilon);
        }
      });
    }
    if (epoch >= hp.averagedFrom) {
      snapshots += 1;
      parameters.forEach((p, n) => {
        const sum = sums[n] as Float64Array;
        for (let q = 0; q < p.length; q += 1) sum[q] = (sum[q] ?? 0) + (p[q] ?? 0);
      });
    }
  }
  const averaged = (n: number) =>
    snapshots === 0
      ? (parameters[n] as Float64Array)
      : Float64Array.from(sums[n] as Float64Array, (v) => v / snapshots);
  return {
    buckets: B,
    hidden: H,
    input: snapshots === 0 ? input : Float32Array.from(averaged(0)),
    inputScale: 1,
    hiddenBias: averaged(1),
    output: averaged(2),
    outputBias: averaged(3),
  };
};

/** Integer weights of the small layers: the real weight is the stored one divided by this. */
const SCALE = 10000;
/** The input weights are bytes scaled to this quantile of their magnitudes (the rare larger ones clipped). */
const INPUT_CLIP_QUANTILE = 0.9999;

/** The network as the committed file holds it (its scores are the file's, bytes and all). */
const stored = (net: Network, header: WindowClassifierModel['header']): WindowClassifierModel => {
  const magnitudes = Float32Array.from(net.input, Math.abs).sort();
  const clip = magnitudes[Math.floor((magnitudes.length - 1) * INPUT_CLIP_QUANTILE)] || 1;
  const inputScale = clip / 127;
  const bytes = Int8Array.from(net.input, (w) => Math.max(-127, Math.min(127, Math.round(w / inputScale))));
  const ints = (values: Float64Array) => Array.from(values, (v) => Math.round(v * SCALE));
  return {
    header,
    buckets: net.buckets,
    hidden: net.hidden,
    heads,
    inputWeights: bytes,
    inputScale,
    scale: SCALE,
    hiddenBias: ints(net.hiddenBias),
    outputWeights: ints(net.output),
    outputBias: ints(net.outputBias),
  };
};

const describe = (hp: Hyperparameters) => ({
  model: `one hidden layer of ${hp.hidden} ReLUs, ${heads.length} sigmoid heads (8 categories, any risk, at least medium, high); class-balanced logistic loss; mini-batch Adam (batch ${hp.batch}, rate ${hp.learningRate}, weight decay ${hp.l2}), ${hp.epochs} epochs in a seeded order (seed ${hp.seed}), the weights averaged over the ends of epochs ${hp.averagedFrom + 1} to ${hp.epochs}; a risky window's steps before its first carrying message are negatives at ${hp.leadingStepWeight}, those after one at ${hp.followingStepWeight}; the must-not-alert messages, each alone, from either author, negatives at ${hp.mustNotAlertWeight}`,
  features: `hashed into ${hp.buckets} buckets: the new message's folded words, word pairs and character ${3}-${5}-grams within words and its author; the earlier messages' words, pairs and character ${3}-${5}-grams within words marked by author, the one just before (its words and pairs) also apart, with whether its author is the new message's; the categories the lexicons signal in each message (the new one, each earlier one by author, the one just before apart); each group L2-normalised; input weights stored as signed bytes`,
});

const noThresholds: FindingThresholds = {
  categories: Object.fromEntries(riskCategories.map((c) => [c, null])) as FindingThresholds['categories'],
  atLeastMedium: 1,
  high: 1,
};

/** Trains on the (dev) windows and returns the file, without thresholds (`trainWithThresholds` chooses them). */
export const trainClassifier = (
  windows: readonly EvalWindow[],
  hp: Hyperparameters = HYPERPARAMETERS,
): WindowClassifierModel => {
  const steps = [...stepsOf(devOnly(windows)), ...mustNotAlertSteps(hp)];
  const net = trainNetwork(
    steps.map((s) => encode(s.window, hp.buckets)),
    steps,
    hp,
  );
  return stored(net, {
    ...describe(hp),
    devDigest: setDigest(windows),
    thresholds: { screen: 1, finding: noThresholds },
    crossValidated: {},
  });
};

/** The fold of a dev window: from the id's own hash (the split hashes `round-<n>/<id>`, another string). */
export const foldOf = (id: string): number =>
  Number.parseInt(createHash('sha256').update(id).digest('hex').slice(8, 16), 16) % FOLDS;

const rounded = (value: number) => Math.round(value * 10000) / 10000;
/** A threshold just above a score (a finding needs at least the threshold). */
const above = (score: number) => Math.min(1, Math.ceil((score + 1e-7) * 10000) / 10000);
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** What the cross-validation knows of each step: held-fold scores, the rules' findings and screen. */
interface Scored {
  step: Step;
  scores: Float64Array;
  rules: Map<RiskCategory, number>;
  ruleScreen: boolean;
  /** A carrying step after its window's first message: what its message alone scores and the rules find. */
  alone?: { scores: Float64Array; rules: Map<RiskCategory, number> };
}

/** The lowest threshold at which at most `allowed` of the scores reach it. */
const thresholdAllowing = (scores: readonly number[], allowed: number): number => {
  const sorted = [...scores].sort((a, b) => b - a);
  return allowed >= sorted.length ? 0 : above(sorted[allowed] ?? 0);
};

/** The highest threshold (a ten-thousandth) that at least `SEVERITY_KEPT` of the scores reach, with `kept` reaching it already. */
const keeping = (scores: readonly number[], kept = 0): number => {
  const sorted = [...scores].sort((a, b) => a - b);
  const mayMiss = Math.floor((sorted.length + kept) * (1 - SEVERITY_KEPT));
  return mayMiss >= sorted.length ? 1 : Math.floor((sorted[mayMiss] ?? 0) * 10000) / 10000;
};

/**
 * The severity thresholds: the highest that keep `SEVERITY_KEPT` of the held folds' risky steps at
 * least at their expected severity (a `high` step said `medium` is a missed finding; the reverse is
 * an alert louder than the writer asked for, the price of recall).
 */
const severityThresholds = (scored: readonly Scored[]) => {
  const carrying = scored.filter((s) => s.step.kind === 'carrying');
  const gravest = (s: Scored) => Math.max(...s.step.expected.map((e) => e.minSeverity));
  const [medium, high] = [headIndex(AT_LEAST_MEDIUM), headIndex(HIGH)];
  const highThreshold = keeping(carrying.filter((s) => gravest(s) === 2).map((s) => s.scores[high] ?? 0));
  const mediums = carrying.filter((s) => gravest(s) >= 1);
  const saidHigh = mediums.filter((s) => (s.scores[high] ?? 0) >= highThreshold);
  const rest = mediums.filter((s) => (s.scores[high] ?? 0) < highThreshold).map((s) => s.scores[medium] ?? 0);
  return { atLeastMedium: keeping(rest, saidHigh.length), high: highThreshold };
};

const severityFrom = (scores: Float64Array, t: { atLeastMedium: number; high: number }) =>
  (scores[headIndex(HIGH)] ?? 0) >= t.high
    ? 2
    : (scores[headIndex(AT_LEAST_MEDIUM)] ?? 0) >= t.atLeastMedium
      ? 1
      : 0;

/** What the local analyzer finds of a step: the rules', and the classifier's where they found none of a category. */
const foundOf = (
  scored: { scores: Float64Array; rules: Map<RiskCategory, number> },
  thresholds: FindingThresholds,
) => {
  const severity = severityFrom(scored.scores, thresholds);
  const found = new Map(scored.rules);
  const byClassifier = new Set<RiskCategory>();
  riskCategories.forEach((category, k) => {
    const t = thresholds.categories[category];
    if (!found.has(category) && t !== null && (scored.scores[k] ?? 0) >= t) {
      found.set(category, severity);
      byClassifier.add(category);
    }
  });
  return { found, byClassifier };
};

/**
 * Local analyzer figures on the held folds, and the findings only the conversation carries: those
 * after a window's first message that the analyzer does not name from their message alone.
 */
const analyzerFigures = (scored: readonly Scored[], thresholds: FindingThresholds) => {
  const perCategory = Object.fromEntries(
    riskCategories.map((c) => [c, { caught: 0, expected: 0 }]),
  ) as Record<RiskCategory, { caught: number; expected: number }>;
  let [falseAlerts, classifierFalseAlerts, ordinaryMessages] = [0, 0, 0];
  const taught = { falseAlerts: 0, messages: 0 };
  const carried = { expected: 0, caught: 0 };
  for (const s of scored) {
    const { found, byClassifier } = foundOf(s, thresholds);
    if (s.step.everyday) {
      ordinaryMessages += 1;
      falseAlerts += found.size;
      classifierFalseAlerts += byClassifier.size;
    } else if (s.step.kind === 'ordinary') {
      taught.messages += 1;
      taught.falseAlerts += found.size;
    }
    const alone = s.alone === undefined ? undefined : foundOf(s.alone, thresholds).found;
    for (const e of s.step.expected) {
      perCategory[e.category].expected += 1;
      const caught = (found.get(e.category) ?? -1) >= e.minSeverity;
      if (caught) perCategory[e.category].caught += 1;
      if (alone !== undefined && (alone.get(e.category) ?? -1) < e.minSeverity) {
        carried.expected += 1;
        if (caught) carried.caught += 1;
      }
    }
  }
  const all = Object.values(perCategory);
  return {
    recall: rounded(
      all.reduce((n, c) => n + c.caught, 0) /
        Math.max(
          1,
          all.reduce((n, c) => n + c.expected, 0),
        ),
    ),
    perCategory: Object.fromEntries(
      riskCategories.map((c) => [c, rounded(perCategory[c].caught / Math.max(1, perCategory[c].expected))]),
    ),
    falseAlertsPer1000: rounded((falseAlerts / Math.max(1, ordinaryMessages)) * 1000),
    classifierFalseAlertsPer1000: rounded((classifierFalseAlerts / Math.max(1, ordinaryMessages)) * 1000),
    teachingRoundsFalseAlertsPer1000: rounded((taught.falseAlerts / Math.max(1, taught.messages)) * 1000),
    carriedByTheConversation: { ...carried, recall: rounded(carried.caught / Math.max(1, carried.expected)) },
  };
};

/**
 * The finding thresholds: every category starts with none of its held-fold ordinary steps over its
 * threshold, then the false-alert budget is spent one alert at a time on the category whose next
 * alert buys the most caught findings.
 */
const findingThresholds = (
  scored: readonly Scored[],
  severity: { atLeastMedium: number; high: number },
  floors: Record<RiskCategory, number>,
) => {
  const ordinary = scored.filter((s) => s.step.everyday);
  const budget = Math.floor((ordinary.length * FINDING_FALSE_ALERTS_TARGET) / 1000);
  const ladder = riskCategories.map((category, k) => {
    const floor = floors[category];
    const negatives = ordinary
      .filter((s) => !s.rules.has(category))
      .map((s) => s.scores[k] ?? 0)
      .filter((score) => score >= floor);
    const candidates = scored.flatMap((s) =>
      s.step.expected
        .filter(
          (e) =>
            e.category === category &&
            (s.rules.get(category) ?? -1) < e.minSeverity &&
            !s.rules.has(category),
        )
        .filter((e) => severityFrom(s.scores, severity) >= e.minSeverity)
        .map(() => s.scores[k] ?? 0),
    );
    const caughtAt = (t: number) => candidates.filter((x) => x >= t).length;
    return { category, floor, negatives, caughtAt, spent: 0 };
  });
  type Rung = (typeof ladder)[number];
  const thresholdOf = (rung: Rung, alerts = rung.spent) =>
    Math.max(rung.floor, thresholdAllowing(rung.negatives, alerts));
  for (let alert = 0; alert < budget; alert += 1) {
    let [best, gain] = [undefined as Rung | undefined, 0];
    for (const rung of ladder) {
      const more = rung.caughtAt(thresholdOf(rung, rung.spent + 1)) - rung.caughtAt(thresholdOf(rung));
      if (more > gain) [best, gain] = [rung, more];
    }
    if (best === undefined) break;
    best.spent += 1;
  }
  return {
    ...severity,
    categories: Object.fromEntries(
      ladder.map((rung) => [rung.category, thresholdOf(rung)]),
    ) as FindingThresholds['categories'],
  };
};

/**
 * Screen figures on the held folds: a carrying message is screened when a window holding it passes;
 * the pass rate is of everyday ordinary messages.
 */
const screenFigures = (scored: readonly Scored[], threshold: number) => {
  const passed = new Set<string>();
  let [ordinaryMessages, ordinaryPassed] = [0, 0];
  for (const s of scored) {
    const passes = s.ruleScreen || screenScoreOf(s.scores) >= threshold;
    if (passes) passed.add(`${s.step.windowId}#${s.step.index}`);
    if (s.step.everyday)
      [ordinaryMessages, ordinaryPassed] = [ordinaryMessages + 1, ordinaryPassed + (passes ? 1 : 0)];
  }
  let [expected, screened] = [0, 0];
  for (const s of scored)
    for (const _ of s.step.expected) {
      expected += 1;
      for (let i = s.step.index; i <= s.step.index + PREVIOUS_MESSAGES_IN_WINDOW; i += 1)
        if (passed.has(`${s.step.windowId}#${i}`)) {
          screened += 1;
          break;
        }
    }
  return {
    recall: rounded(screened / Math.max(1, expected)),
    passRate: rounded(ordinaryPassed / Math.max(1, ordinaryMessages)),
  };
};

/** The held-fold scores of every dev step: each fold scored by the model trained on the four others. */
const crossValidate = async (dev: readonly EvalWindow[], hp: Hyperparameters): Promise<Scored[]> => {
  const steps = stepsOf(dev);
  const encoded = steps.map((s) => encode(s.window, hp.buckets));
  const fold = steps.map((s) => foldOf(s.windowId));
  const rules = rulesAnalyzer({ classifierThresholds: null });
  const rulesOf = async (window: AnalysisWindow) =>
    new Map(
      (await rules.assess(window))
        .filter((f) => f.messageId === window.at(-1)?.messageId)
        .map((f) => [f.category, severities.indexOf(f.severity)] as const),
    );
  const aloneOf = (step: Step) => step.window.slice(-1);
  const readAlone = (step: Step) => step.kind === 'carrying' && step.index > 0;
  const encodedAlone = steps.map((s) => (readAlone(s) ? encode(aloneOf(s), hp.buckets) : undefined));
  const scored: Scored[] = await Promise.all(
    steps.map(async (step) => ({
      step,
      scores: new Float64Array(K),
      rules: await rulesOf(step.window),
      ruleScreen: screenScore(step.window) >= SCREEN_THRESHOLD,
      ...(readAlone(step)
        ? { alone: { scores: new Float64Array(K), rules: await rulesOf(aloneOf(step)) } }
        : {}),
    })),
  );
  const idioms = mustNotAlertSteps(hp);
  const encodedIdioms = idioms.map((s) => encode(s.window, hp.buckets));
  for (let k = 0; k < FOLDS; k += 1) {
    const train = steps.flatMap((_, i) => (fold[i] === k ? [] : [i]));
    const net = networkOf(
      stored(
        trainNetwork(
          [...train.flatMap((i) => encoded[i] ?? []), ...encodedIdioms],
          [...train.flatMap((i) => steps[i] ?? []), ...idioms],
          hp,
        ),
        {
          ...describe(hp),
          devDigest: '',
          thresholds: { screen: 1, finding: noThresholds },
          crossValidated: {},
        },
      ),
    );
    steps.forEach((_, i) => {
      if (fold[i] !== k) return;
      const [example, held, alone] = [encoded[i], scored[i], encodedAlone[i]];
      if (example !== undefined && held !== undefined)
        held.scores = Float64Array.from(forward(net, example), sigmoid);
      if (alone !== undefined && held?.alone !== undefined)
        held.alone.scores = Float64Array.from(forward(net, alone), sigmoid);
    });
  }
  return scored;
};

/**
 * The least finding threshold of each category: just above the trained model's score of every
 * must-not-alert message read alone (eval/analysis/must-not-alert.ts), so its findings let by what
 * the rules were written to let by.
 */
export const idiomFloors = (model: WindowClassifierModel): Record<RiskCategory, number> => {
  const trained = windowClassifier(model);
  const scores = mustNotAlert.map((text) => trained.scores(mustNotAlertWindow(text)));
  return Object.fromEntries(
    riskCategories.map((category) => [category, above(Math.max(0, ...scores.map((s) => s[category])))]),
  ) as Record<RiskCategory, number>;
};

/**
 * Trains the model on the whole dev split, with the thresholds chosen by 5-fold cross-validation on
 * it: the screen's the lowest whose pass rate (rules or classifier) keeps to `SCREEN_PASS_TARGET` on
 * the held folds; the severity heads' the highest that keep `SEVERITY_KEPT` of the risky steps at
 * their severity; the categories' by spending `FINDING_FALSE_ALERTS_TARGET` where it buys most recall,
 * each above the trained model's scores of the must-not-alert messages.
 */
export const trainWithThresholds = async (
  dev: readonly EvalWindow[],
  hp: Hyperparameters = HYPERPARAMETERS,
): Promise<WindowClassifierModel> => {
  devOnly(dev);
  const scored = await crossValidate(dev, hp);
  const trained = trainClassifier(dev, hp);
  const everyday = scored.filter((s) => s.step.everyday);
  const allowed =
    Math.floor(everyday.length * SCREEN_PASS_TARGET) - everyday.filter((s) => s.ruleScreen).length;
  const screen = thresholdAllowing(
    everyday.filter((s) => !s.ruleScreen).map((s) => screenScoreOf(s.scores)),
    Math.max(0, allowed),
  );
  const severity = severityThresholds(scored);
  const floors = idiomFloors(trained);
  const finding = findingThresholds(scored, severity, floors);
  return {
    ...trained,
    header: {
      ...trained.header,
      thresholds: { screen, finding },
      crossValidated: {
        folds: FOLDS,
        screen: {
          target: `everyday ordinary pass rate <= ${SCREEN_PASS_TARGET}`,
          rulesOrClassifier: screenFigures(scored, screen),
          rulesAlone: screenFigures(scored, 2),
        },
        finding: {
          target: `classifier false alerts per 1000 everyday ordinary messages <= ${FINDING_FALSE_ALERTS_TARGET} (the teaching rounds' hard negatives apart); severity kept for ${SEVERITY_KEPT} of risky steps; each category's threshold above the trained model's scores of the must-not-alert messages`,
          idiomFloors: floors,
          rulesAlone: analyzerFigures(scored, noThresholds),
          rulesOrClassifier: analyzerFigures(scored, finding),
        },
      },
    },
  };
};
