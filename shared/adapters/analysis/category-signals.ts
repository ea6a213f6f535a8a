import { riskCategories, type RiskCategory } from '../../domain/analysis/finding';
import { lexicons } from './categories';
import { compiledRules } from './compiled-rules';
import { withFoldedPatterns } from './folded-pattern';

// Each category's signals, from its lexicon (shared/adapters/analysis/categories/).
const compiledSignals = withFoldedPatterns(
  riskCategories.flatMap((category) =>
    lexicons[category].signals.flatMap(({ weight, patterns }) =>
      patterns.map((source) => ({ category, weight, source })),
    ),
  ),
  { global: true },
);

/**
 * Each category's signals in one folded message, keyed by the words matched (two words of one
 * pattern are two signals, a word repeated is one); a rule of the analyzer weighs more than any
 * threshold. Null once the budget is `spent`.
 */
export const signalsOf = (
  text: string,
  spent: () => boolean,
): Map<RiskCategory, Map<string, number>> | null => {
  const found = new Map<RiskCategory, Map<string, number>>();
  const add = (category: RiskCategory, key: string, weight: number) => {
    const held = found.get(category) ?? new Map<string, number>();
    held.set(key, Math.max(weight, held.get(key) ?? 0));
    found.set(category, held);
  };
  for (const rule of compiledRules) {
    if (spent()) return null;
    if (rule.pattern.test(text)) add(rule.category, `rule:${rule.pattern.source}`, Number.POSITIVE_INFINITY);
  }
  for (const signal of compiledSignals) {
    if (spent()) return null;
    for (const [words] of signal.pattern.matchAll(text)) add(signal.category, words, signal.weight);
  }
  return found;
};
