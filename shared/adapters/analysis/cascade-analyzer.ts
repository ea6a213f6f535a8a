import type { AnalysisWindow } from '../../domain/analysis/window';
import type { Analyzer } from '../../ports/analyzer';

/**
 * Two stages: a cheap screen reads every window, and only the windows it finds suspicious go to the
 * second analyzer (Amazon Bedrock in AWS), which alone decides the findings. A window the screen lets
 * by yields none.
 */
export const cascadeAnalyzer = (screen: (window: AnalysisWindow) => boolean, second: Analyzer): Analyzer => ({
  assess(window) {
    return screen(window) ? second.assess(window) : Promise.resolve([]);
  },
});
