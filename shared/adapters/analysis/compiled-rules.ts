import { riskRules, type RiskRule } from './risk-rules';
import { withFoldedPatterns, type FoldedPattern } from './folded-pattern';

export interface CompiledRule extends Omit<RiskRule, 'patterns'> {
  /** The rule's patterns as one, compiled on the first text that holds one of its anchors. */
  pattern: FoldedPattern;
}

/** The rules as the analyzer and the risk screen (risk-screen.ts) match them. */
export const compiledRules: readonly CompiledRule[] = withFoldedPatterns(
  riskRules.map(({ patterns, ...rule }) => ({ ...rule, source: patterns.join('|') })),
).map(({ source: _source, ...rule }) => rule);
