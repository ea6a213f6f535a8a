import type { Finding } from '../../../shared/domain/analysis/finding';
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
