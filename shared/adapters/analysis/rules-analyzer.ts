import {
  isRiskCategory,
  isSeverity,
  severities,
  type Finding,
  type RiskCategory,
} from '../../domain/analysis/finding';
import { newMessageOf } from '../../domain/analysis/window';
import type { Analyzer } from '../../ports/analyzer';
import {
  classifier as committedClassifier,
  classifierFindings,
  type FindingThresholds,
  type WindowClassifier,
} from './window-classifier';
import { compiledRules } from './compiled-rules';
import { fold } from './folded-pattern';
import { analysisTimeBudget, startBudget, type TimeBudget } from './time-budget';

export interface RulesAnalyzerOptions {
  /**
   * Honour `#risk:<category>:<severity>` in a body (local and test configurations only, like a
   * payment sandbox's test cards): that message yields exactly that one finding. Off by default.
   */
  sandboxMarker?: boolean;
  /** The trained classifier whose confident scores add findings the rules miss (the committed one by default). */
  classifier?: WindowClassifier;
  /**
   * Its thresholds per category and severity, or null: the rules only. By default the committed
   * model's (`CLASSIFIER_FINDINGS_BY_DEFAULT`), chosen by cross-validation on the dev split:
   * `classifier.model.header.thresholds.finding`.
   */
  classifierThresholds?: FindingThresholds | null;
  /** How long one window's rules may read (`analysisTimeBudget` by default): then they report what they found. */
  timeBudget?: TimeBudget;
}

const markerPattern = /#risk:([a-z_]+):([a-z]+)/gi;

/** The first well-formed marker of the body: a category and a severity of the closed lists. */
const markedFinding = (text: string, messageId: string): Finding | null => {
  for (const [, category = '', severity = ''] of text.matchAll(markerPattern)) {
    const [c, s] = [category.toLowerCase(), severity.toLowerCase()];
    if (isRiskCategory(c) && isSeverity(s)) return { category: c, severity: s, messageId, confidence: 1 };
  }
  return null;
};

const rank = (finding: Pick<Finding, 'severity' | 'confidence'>): number =>
  severities.indexOf(finding.severity) * 2 + finding.confidence;

/**
 * The local analyzer adds the window classifier's findings unless told not to. On the held-out split
 * they bring most of its recall (about three times the rules' alone: eval/analysis/figures.json), and
 * each category's threshold sits above the model's score of every must-not-alert message
 * (eval/analysis/must-not-alert.ts), so they let by the idioms the rules were written to let by:
 * docs/analysis-history.md, "The classifier's findings by default".
 */
export const CLASSIFIER_FINDINGS_BY_DEFAULT = true;

/**
 * The local analyzer: pt-BR and English phrase rules on the window's new message, the one that
 * carries any risk found, and (unless `classifierThresholds` is null) the trained window classifier's
 * confident scores on it (the new message read in its context, with the severity heads' severity)
 * where no rule of that category matched. At most one finding per category: the gravest. Past its
 * time budget it stops and reports what the rules read by then found.
 */
export const rulesAnalyzer = (options: RulesAnalyzerOptions = {}): Analyzer => {
  const classifier = options.classifier ?? committedClassifier;
  const byDefault = CLASSIFIER_FINDINGS_BY_DEFAULT ? classifier.model.header.thresholds.finding : null;
  const thresholds = options.classifierThresholds === undefined ? byDefault : options.classifierThresholds;
  return {
    assess(window) {
      const message = newMessageOf(window);
      if (message === undefined) return Promise.resolve([]);
      if (options.sandboxMarker === true) {
        const marked = markedFinding(message.text, message.messageId);
        if (marked !== null) return Promise.resolve([marked]);
      }
      const spent = startBudget(options.timeBudget ?? analysisTimeBudget);
      const text = fold(message.text);
      const found = new Map<RiskCategory, Finding>();
      for (const rule of compiledRules) {
        if (spent()) return Promise.resolve([...found.values()]);
        if (!rule.pattern.test(text)) continue;
        const finding: Finding = {
          category: rule.category,
          severity: rule.severity,
          messageId: message.messageId,
          confidence: rule.confidence,
        };
        const held = found.get(rule.category);
        if (held === undefined || rank(finding) > rank(held)) found.set(rule.category, finding);
      }
      if (thresholds !== null && !spent())
        for (const finding of classifierFindings(classifier, thresholds, window, spent))
          if (!found.has(finding.category)) found.set(finding.category, finding);
      return Promise.resolve([...found.values()]);
    },
  };
};
