import type { RiskCategory, Severity } from '../../domain/analysis/finding';
import { lexicons } from './categories';

/** One rule of the local analyzer: phrase patterns of one category, with the rule's severity and confidence. */
export interface RiskRule {
  category: RiskCategory;
  severity: Severity;
  confidence: number;
  patterns: readonly string[];
}

/** Every category's rules (shared/adapters/analysis/categories/). */
export const riskRules: readonly RiskRule[] = Object.entries(lexicons).flatMap(([category, lexicon]) =>
  lexicon.rules.map((rule) => ({ category: category as RiskCategory, ...rule })),
);
