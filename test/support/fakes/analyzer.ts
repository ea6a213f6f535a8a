import type { Finding, RiskCategory } from '../../../shared/domain/analysis/finding';
import type { AnalysisWindow } from '../../../shared/domain/analysis/window';
import type { Analyzer } from '../../../shared/ports/analyzer';

/** Names the findings the test gives it for the window (none by default), and keeps each window read. */
export const fakeAnalyzer = (
  findingsOf: (window: AnalysisWindow) => Finding[] = () => [],
): Analyzer & { windows: AnalysisWindow[] } => {
  const windows: AnalysisWindow[] = [];
  return {
    windows,
    assess: async (window) => {
      windows.push(window);
      return findingsOf(window);
    },
  };
};

/** The analysis of `fakeAnalyzer` that finds `category` (high) in a new message holding `word`. */
export const findsOn =
  (word: string, category: RiskCategory = 'grooming') =>
  (window: AnalysisWindow): Finding[] => {
    const last = window.at(-1);
    return last?.text.includes(word) === true
      ? [{ category, severity: 'high', messageId: last.messageId, confidence: 0.9 }]
      : [];
  };
