import { riskCategories, type Finding, type RiskCategory } from '../../domain/analysis/finding';
import { newMessageOf, type AnalysisWindow } from '../../domain/analysis/window';
import { words } from '../../domain/consent/phrase-match';
import committed from './model/classifier.json' with { type: 'json' };

/**
 * A small trained classifier (one-vs-rest logistic regression per category) that generalises where
 * the phrase rules memorise: it reads word unigrams and bigrams and character 3-5-grams within words,
 * so a typo, a slang spelling or another inflection of a risky phrase still weighs. Trained on the
 * evaluation set's dev split only (`npm run eval:train`, eval/analysis/train.ts); the weights ship
 * in `model/classifier.json` and are bundled with the function: no network, no download.
 */
/** The head trained on every risky message against the ordinary ones. */
export const ANY_RISK = 'any';

export interface ClassifierModel {
  header: {
    model: string;
    features: string;
    /** The dev split's digest the model was trained on (no date: a rerun writes the same file). */
    devDigest: string;
    /** Integer weights: the real weight is the stored one divided by this. */
    scale: number;
    /** Thresholds chosen by cross-validation on dev, and the cross-validated figures behind them. */
    thresholds: { screen: number; finding: number | null; contextWeight: number };
    crossValidated: Record<string, unknown>;
  };
  /** The outputs: each category, and `any` (some risk, whichever: the screen's). */
  heads: readonly (RiskCategory | typeof ANY_RISK)[];
  /** Per head, in `heads` order. */
  bias: readonly number[];
  /** Feature to its weights per head, in `heads` order. */
  weights: Readonly<Record<string, readonly number[]>>;
}

const SMALLEST_N = 3;
const LARGEST_N = 5;

/**
 * The features of a text, folded as the rules read it: `w:` words, `b:` pairs of adjacent words,
 * `c:` character 3- to 5-grams of each word marked at its ends (`<vc>` so a stem and an ending stay
 * apart from the middle of a word). Each feature once, in order of first appearance.
 */
export const featuresOf = (text: string): string[] => {
  const tokens = words(text);
  const found = new Set<string>();
  tokens.forEach((word, index) => {
    found.add(`w:${word}`);
    if (index > 0) found.add(`b:${tokens[index - 1]} ${word}`);
    const marked = `<${word}>`;
    for (let n = SMALLEST_N; n <= LARGEST_N; n += 1)
      for (let start = 0; start + n <= marked.length; start += 1)
        found.add(`c:${marked.slice(start, start + n)}`);
  });
  return [...found];
};

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export type CategoryScores = Record<RiskCategory | typeof ANY_RISK, number>;

export interface MessageClassifier {
  readonly model: ClassifierModel;
  /** Each category's probability (0..1) that the text carries it, and `any`'s that it carries some risk. */
  scores(text: string): CategoryScores;
  /**
   * How suspicious a window is: the `any` head's score on the new message, or on the window's text
   * joined weighted by `contextWeight` (an escalation whose steps are each mild).
   */
  windowScore(window: AnalysisWindow, contextWeight?: number): number;
}

const scorer = (model: ClassifierModel) => {
  const weights = new Map(Object.entries(model.weights));
  return (text: string): CategoryScores => {
    const features = featuresOf(text);
    // Every feature counts in the length, known or not: the training normalised the same way.
    const norm = features.length === 0 ? 0 : 1 / Math.sqrt(features.length);
    const sums = [...model.bias];
    for (const feature of features) {
      const w = weights.get(feature);
      if (w === undefined) continue;
      for (let c = 0; c < sums.length; c += 1) sums[c] = (sums[c] ?? 0) + (w[c] ?? 0) * norm;
    }
    const result = Object.fromEntries(
      [...riskCategories, ANY_RISK].map((head) => [head, 0]),
    ) as CategoryScores;
    model.heads.forEach((head, c) => {
      result[head] = sigmoid((sums[c] ?? 0) / model.header.scale);
    });
    return result;
  };
};

/** `remember`: keep every text's scores (the training's sweeps ask the same texts again; never in a function). */
export const messageClassifier = (
  model: ClassifierModel,
  options: { remember?: boolean } = {},
): MessageClassifier => {
  const fresh = scorer(model);
  const seen = new Map<string, CategoryScores>();
  const scores = (text: string): CategoryScores => {
    if (options.remember !== true) return fresh(text);
    const held = seen.get(text) ?? fresh(text);
    seen.set(text, held);
    return held;
  };
  const best = (text: string) => scores(text)[ANY_RISK];
  return {
    model,
    scores,
    windowScore(window, contextWeight = model.header.thresholds.contextWeight) {
      const message = newMessageOf(window);
      if (message === undefined) return 0;
      const alone = best(message.text);
      if (window.length < 2 || contextWeight === 0) return alone;
      return Math.max(alone, contextWeight * best(window.map((m) => m.text).join('\n')));
    },
  };
};

/**
 * The classifier's findings on the window's new message: every category scoring at least
 * `threshold`, at `medium` severity (a statistical guess, never as sure as a phrase rule).
 */
export const classifierFindings = (
  classifier: MessageClassifier,
  threshold: number,
  window: AnalysisWindow,
): Finding[] => {
  const message = newMessageOf(window);
  if (message === undefined) return [];
  const scores = classifier.scores(message.text);
  return riskCategories
    .filter((category) => scores[category] >= threshold)
    .map((category) => ({
      category,
      severity: 'medium',
      messageId: message.messageId,
      confidence: Math.round(scores[category] * 100) / 100,
    }));
};

/** The committed model, bundled with the function. */
export const classifier = messageClassifier(committed as ClassifierModel);
