import { readFileSync } from 'node:fs';
import {
  riskCategories,
  type Finding,
  type RiskCategory,
  type Severity,
} from '../../domain/analysis/finding';
import { newMessageOf, type AnalysisWindow } from '../../domain/analysis/window';
import { words } from '../../domain/consent/phrase-match';
import { signalsOf } from './category-signals';
import { fold } from './folded-pattern';
import committedFile from './model/window-classifier.json' with { type: 'json' };
import { analysisTimeBudget, startBudget } from './time-budget';

/**
 * A small trained classifier of a conversation's last step. It reads the window the worker hands
 * over: the new message's words, word pairs and character 3-5-grams (a typo, a slang spelling or
 * another inflection still weighs), who wrote it, and the earlier messages' words, pairs and
 * character n-grams marked by who wrote them (the protected person or a contact) and how near they
 * are. A hidden layer lets the context change what the new message's words mean, so the plain last
 * step of an escalation ("and close the door" after "turn on the camera") scores high while the same
 * words alone score low.
 * Trained on the evaluation set's dev split only (`npm run eval:train`, eval/analysis/train.ts); the
 * weights ship with the function (`model/`): no network, no download.
 */

/** The head trained on every risky step against the ordinary ones (the screen's). */
export const ANY_RISK = 'any';
/** Severity heads, trained on risky steps only: the expected finding is at least `medium`, is `high`. */
export const AT_LEAST_MEDIUM = 'atLeastMedium';
export const HIGH = 'high';
export const heads = [...riskCategories, ANY_RISK, AT_LEAST_MEDIUM, HIGH] as const;
export type Head = (typeof heads)[number];

/** Per category: the least score that is a finding; per severity, the least score of its head. */
export interface FindingThresholds {
  categories: Record<RiskCategory, number | null>;
  atLeastMedium: number;
  high: number;
}

export interface WindowClassifierModel {
  header: {
    model: string;
    features: string;
    /** The dev split's digest the model was trained on (no date: a rerun writes the same file). */
    devDigest: string;
    /** Chosen by cross-validation on dev, with the cross-validated figures behind them. */
    thresholds: { screen: number; finding: FindingThresholds };
    crossValidated: Record<string, unknown>;
  };
  /** Hashed feature buckets (a power of 2) and hidden units. */
  buckets: number;
  hidden: number;
  heads: readonly Head[];
  /**
   * buckets x hidden signed bytes; the real weight is the byte times `inputScale`. Kept in a file of
   * their own beside the rest (`weightsFileOf`), read as they are: as a string in the bundle they cost
   * the worker's cold start about 20 ms to compile.
   */
  inputWeights: Int8Array;
  inputScale: number;
  /** The other weights as integers of 1/`scale`: hidden biases, hidden x heads, head biases. */
  scale: number;
  hiddenBias: readonly number[];
  outputWeights: readonly number[];
  outputBias: readonly number[];
}

const SMALLEST_N = 3;
const LARGEST_N = 5;
/** The earlier messages weigh this much beside the new one (each group is of length 1 before it). */
const CONTEXT_WEIGHT = 1;
/** The categories the lexicons signal in the window weigh this much. */
const SIGNAL_WEIGHT = 1;

/** FNV-1a over the UTF-16 units: a feature's bucket, the same in training and in the Lambda. */
const hashOf = (feature: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < feature.length; i += 1) hash = Math.imul(hash ^ feature.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

/** A window as the model reads it: bucket ids and their values, each bucket once. */
export interface Encoded {
  ids: Int32Array;
  values: Float32Array;
}

const author = (fromMe: boolean) => (fromMe ? 'p' : 'c');

/** Words and word pairs, prefixed. */
const wordFeatures = (prefix: string, tokens: readonly string[], into: Set<string>) =>
  tokens.forEach((word, index) => {
    into.add(`${prefix}w:${word}`);
    if (index > 0) into.add(`${prefix}b:${tokens[index - 1]} ${word}`);
  });

/** Each word's character n-grams (3 to 5), the word marked at its ends (`<vc>`), prefixed. */
const charFeatures = (prefix: string, tokens: readonly string[], into: Set<string>) => {
  for (const word of tokens) {
    const marked = `<${word}>`;
    for (let n = SMALLEST_N; n <= LARGEST_N; n += 1)
      for (let start = 0; start + n <= marked.length; start += 1)
        into.add(`${prefix}${marked.slice(start, start + n)}`);
  }
};

/**
 * The categories the lexicons' signals (and the rules) find in the window, by message: the new
 * message's (`n:`), each earlier one's by its author (`g:<category>:c` a contact, `:p` the person),
 * the one just before also by itself (`h:`). What an escalation's plain last step stands on: the
 * risk said before it. Those read before the analysis's time budget is `spent`.
 */
const signalFeatures = (window: AnalysisWindow, spent: () => boolean): string[] => {
  const found = new Set<string>();
  window.forEach((m, index) => {
    const categories = signalsOf(fold(m.text), spent)?.keys() ?? [];
    for (const category of categories)
      if (index === window.length - 1) found.add(`n:${category}`);
      else {
        found.add(`g:${category}:${author(m.fromMe)}`);
        if (index === window.length - 2) found.add(`h:${category}`);
      }
  });
  return [...found];
};

/**
 * The features of a window, four groups each of length 1: the new message's words, pairs and
 * character n-grams of each word marked at its ends (`<vc>`), with who wrote it; the earlier
 * messages' words, pairs and character n-grams marked by their author (`xc:` a contact, `xp:` the
 * person: another writer's spelling of what was said before still weighs), the one just before
 * also by itself (`yc:`/`yp:`, its words and pairs: recency) and whether its author is the new
 * message's; and the categories the lexicons signal in each message (`signalFeatures`). Linear in
 * the window's (capped) text.
 */
export const featuresOf = (
  window: AnalysisWindow,
  spent: () => boolean = startBudget(analysisTimeBudget),
): { news: string[]; context: string[]; signals: string[] } => {
  const message = newMessageOf(window);
  if (message === undefined) return { news: [], context: [], signals: [] };
  const tokens = words(message.text);
  const news = new Set<string>([`a:${author(message.fromMe)}`]);
  wordFeatures('', tokens, news);
  charFeatures('c:', tokens, news);
  const context = new Set<string>();
  const earlier = window.slice(0, -1);
  earlier.forEach((m, index) => {
    const tag = author(m.fromMe);
    const said = words(m.text);
    wordFeatures(`x${tag}`, said, context);
    charFeatures(`x${tag}g:`, said, context);
    if (index === earlier.length - 1) {
      wordFeatures(`y${tag}`, said, context);
      context.add(m.fromMe === message.fromMe ? 's:same' : 's:other');
    }
  });
  if (earlier.length > 0) context.add(`k:${earlier.length}`);
  return { news: [...news], context: [...context], signals: signalFeatures(window, spent) };
};

/** The window's features hashed into `buckets`, each group L2-normalised (the context's times its weight). */
export const encode = (window: AnalysisWindow, buckets: number, spent?: () => boolean): Encoded => {
  const { news, context, signals } = featuresOf(window, spent);
  const summed = new Map<number, number>();
  const add = (features: readonly string[], weight: number) => {
    const value = features.length === 0 ? 0 : weight / Math.sqrt(features.length);
    for (const f of features) {
      const id = hashOf(f) & (buckets - 1);
      summed.set(id, (summed.get(id) ?? 0) + value);
    }
  };
  add(news, 1);
  add(context, CONTEXT_WEIGHT);
  add(signals, SIGNAL_WEIGHT);
  return { ids: Int32Array.from(summed.keys()), values: Float32Array.from(summed.values()) };
};

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export type Scores = Record<Head, number>;

/** The heads the screen reads: some risk (`any`) and each category's, not the severity heads. */
const screenHeads = heads.flatMap((head, k) => (head === AT_LEAST_MEDIUM || head === HIGH ? [] : [k]));

/**
 * What the screen reads of a window's scores (each head's, in the order of `heads`): the highest of
 * the `any` head and the categories' heads. A step a category's head is sure of is a risk though
 * `any`, trained on every category at once, is less sure ("tá bom assim" after "liga a câmera":
 * grooming or sexual content 0.96 to 0.99, `any` 0.64 to 0.79; docs/analysis-history.md, "After round 10").
 */
export const screenScoreOf = (scores: ArrayLike<number>): number => {
  let highest = 0;
  for (const k of screenHeads) highest = Math.max(highest, scores[k] ?? 0);
  return highest;
};

/** The network as numbers: the form the training scores its folds with and the Lambda loads. */
export interface Network {
  buckets: number;
  hidden: number;
  /**
   * buckets x hidden, each weight `inputScale` times the stored one: the trained floats (scale 1),
   * or the committed file's signed bytes read in place (turning them into floats cost the worker's
   * cold start several milliseconds and three times the memory).
   */
  input: Float32Array | Int8Array;
  inputScale: number;
  hiddenBias: Float64Array;
  /** hidden x heads. */
  output: Float64Array;
  outputBias: Float64Array;
}

/** Every head's probability (0..1) for an encoded window: one hidden layer (ReLU), sigmoid heads. */
export const forward = (net: Network, encoded: Encoded, hiddenOut?: Float64Array): Float64Array => {
  const H = net.hidden;
  const K = heads.length;
  const h = hiddenOut ?? new Float64Array(H);
  h.set(net.hiddenBias);
  for (let f = 0; f < encoded.ids.length; f += 1) {
    const row = (encoded.ids[f] ?? 0) * H;
    const v = (encoded.values[f] ?? 0) * net.inputScale;
    for (let j = 0; j < H; j += 1) h[j] = (h[j] ?? 0) + (net.input[row + j] ?? 0) * v;
  }
  const z = Float64Array.from(net.outputBias);
  for (let j = 0; j < H; j += 1) {
    const a = Math.max(0, h[j] ?? 0);
    h[j] = a;
    if (a === 0) continue;
    for (let k = 0; k < K; k += 1) z[k] = (z[k] ?? 0) + a * (net.output[j * K + k] ?? 0);
  }
  return z;
};

/** The committed file's numbers as a network (the bytes scaled back). */
export const networkOf = (model: WindowClassifierModel): Network => {
  const scaled = (values: readonly number[]) => Float64Array.from(values, (v) => v / model.scale);
  return {
    buckets: model.buckets,
    hidden: model.hidden,
    input: model.inputWeights,
    inputScale: model.inputScale,
    hiddenBias: scaled(model.hiddenBias),
    output: scaled(model.outputWeights),
    outputBias: scaled(model.outputBias),
  };
};

export interface WindowClassifier {
  readonly model: WindowClassifierModel;
  /**
   * Each head's probability that the window's new message carries it (in its context), its signals
   * read before `spent` (the caller's time budget of the window; one of its own by default).
   */
  scores(window: AnalysisWindow, spent?: () => boolean): Scores;
  /** What the screen reads of the window's scores (`screenScoreOf`). */
  screenScore(window: AnalysisWindow, spent?: () => boolean): number;
}

export const windowClassifier = (model: WindowClassifierModel): WindowClassifier => {
  const net = networkOf(model);
  const probabilities = (window: AnalysisWindow, spent?: () => boolean) =>
    forward(net, encode(window, net.buckets, spent)).map(sigmoid);
  return {
    model,
    scores(window, spent) {
      const p = probabilities(window, spent);
      return Object.fromEntries(heads.map((head, k) => [head, p[k] ?? 0])) as Scores;
    },
    screenScore: (window, spent) => screenScoreOf(probabilities(window, spent)),
  };
};

/** The severity the severity heads give a finding: the gravest whose head reaches its threshold. */
export const severityOf = (scores: Scores, thresholds: FindingThresholds): Severity =>
  scores[HIGH] >= thresholds.high
    ? 'high'
    : scores[AT_LEAST_MEDIUM] >= thresholds.atLeastMedium
      ? 'medium'
      : 'low';

/**
 * The classifier's findings on the window's new message: every category scoring at least its
 * threshold (a category without one never), with the severity heads' severity.
 */
export const classifierFindings = (
  classifier: WindowClassifier,
  thresholds: FindingThresholds,
  window: AnalysisWindow,
  spent?: () => boolean,
): Finding[] => {
  const message = newMessageOf(window);
  if (message === undefined) return [];
  const scores = classifier.scores(window, spent);
  return riskCategories.flatMap((category) => {
    const threshold = thresholds.categories[category];
    if (threshold === null || scores[category] < threshold) return [];
    return [
      {
        category,
        severity: severityOf(scores, thresholds),
        messageId: message.messageId,
        confidence: Math.round(scores[category] * 100) / 100,
      },
    ];
  });
};

/** A model as committed: its JSON file, and its input weights in the file `weightsFileOf` names. */
export type ModelFile = Omit<WindowClassifierModel, 'inputWeights'>;

/** The file beside a model's JSON file that holds its input weights. */
export const weightsFileOf = (jsonFile: string): string => jsonFile.replace(/\.json$/, '.weights');

/** A model from its two files' contents; weights of another shape (a stale file) stop the load. */
export const modelOf = (file: ModelFile, weights: Uint8Array): WindowClassifierModel => {
  if (weights.length !== file.buckets * file.hidden)
    throw new Error(`the model's weights hold ${weights.length} bytes, not ${file.buckets * file.hidden}`);
  return { ...file, inputWeights: new Int8Array(weights.buffer, weights.byteOffset, weights.length) };
};

/**
 * The committed model. Its weights are read from beside the module: `model/` here in the repository,
 * and beside the bundle in a function's asset, where the synthesis copies them for a bundle that
 * names them (infra/constructs/bundling.ts, `besideFiles`).
 */
export const committed = modelOf(
  committedFile as ModelFile,
  readFileSync(new URL('./model/window-classifier.weights', import.meta.url)),
);

export const classifier = windowClassifier(committed);
