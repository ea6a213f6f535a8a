import { newMessageOf, type AnalysisWindow } from '../../domain/analysis/window';
import { classifier } from './window-classifier';
import { signalsOf } from './category-signals';
import { fold } from './folded-pattern';
import { analysisTimeBudget, startBudget, type TimeBudget } from './time-budget';

/** A window goes to the second stage when some category's signals weigh this much (chosen from the eval's figures). */
export const SCREEN_THRESHOLD = 1;

/** Signals of the earlier messages weigh this share: context, not the news. */
export const CONTEXT_WEIGHT = 0.5;

/** The score of a window the screen could not read within its budget: suspicious, the second stage decides. */
const UNREAD = Number.POSITIVE_INFINITY;

/**
 * How suspicious the window is: its most suspicious category's weight, the new message's signals at
 * their weight and the earlier messages' at `CONTEXT_WEIGHT` (a signal counting once per window, at
 * its best weight). A rule of the analyzer in the new message is suspicious at any threshold; the
 * context alone passes only with strong signals in two earlier messages, so a chat's one risky word
 * does not send its next five messages on, while an escalation whose last step is plain words does.
 * A window not read within the time `budget` scores `UNREAD`.
 */
export const screenScore = (window: AnalysisWindow, budget: TimeBudget = analysisTimeBudget): number => {
  const newMessage = newMessageOf(window);
  if (newMessage === undefined) return 0;
  const spent = startBudget(budget);
  const weights = signalsOf(fold(newMessage.text), spent);
  if (weights === null) return UNREAD;
  for (const message of window.slice(0, -1)) {
    const context = signalsOf(fold(message.text), spent);
    if (context === null) return UNREAD;
    for (const [category, signals] of context) {
      const held = weights.get(category) ?? new Map<string, number>();
      for (const [key, weight] of signals)
        held.set(key, Math.max(held.get(key) ?? 0, Math.min(weight, 1) * CONTEXT_WEIGHT));
      weights.set(category, held);
    }
  }
  let worst = 0;
  for (const signals of weights.values()) {
    let score = 0;
    for (const weight of signals.values()) score += weight;
    worst = Math.max(worst, score);
  }
  return worst;
};

/**
 * The trained window classifier's least screen score (`screenScoreOf`: the highest of its `any` and
 * category heads, the new message read in its context) that passes a window the rules let by:
 * chosen by 5-fold cross-validation on the dev split so that
 * at most 4% of everyday ordinary messages pass, a teaching round's hard negatives aside
 * (eval/analysis/classifier-training.ts; the figures are in the model file's header).
 */
export const CLASSIFIER_SCREEN_THRESHOLD = classifier.model.header.thresholds.screen;

/** The screen at other thresholds (the evaluation's sweep) or with another time budget. */
export const riskScreenAt =
  (threshold: number, classifierThreshold = CLASSIFIER_SCREEN_THRESHOLD, budget = analysisTimeBudget) =>
  (window: AnalysisWindow): boolean =>
    screenScore(window, budget) >= threshold || classifier.screenScore(window) >= classifierThreshold;

/** The first stage of the cascade: a high-recall suspicion test, cheap enough for every message. */
export const riskScreen = riskScreenAt(SCREEN_THRESHOLD);
