import type { Severity } from '../../../domain/analysis/finding';

/**
 * What the local analysis knows of one category, in one module per category: the analyzer's rules
 * (phrases that are a finding by themselves) and the screen's signals (broader words that make a
 * window worth the second stage's look).
 *
 * A pattern is a regular expression over folded text (lower case, no accents, every run of
 * punctuation and spaces one space: `Don't` reads `don t`), matched as whole words; a signal pattern
 * ending in `\w*` is a stem. Rules favour phrases over single words: `matar` alone is `vou matar a
 * saudade`, `kill` alone is `killing it`; a phrase names who is hurt.
 */
export interface CategoryLexicon {
  rules: readonly { severity: Severity; confidence: number; patterns: readonly string[] }[];
  /** Weighed 1 (enough alone) or 0.5 (needs another signal in the window). */
  signals: readonly { weight: number; patterns: readonly string[] }[];
}
