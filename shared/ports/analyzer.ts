import type { Finding } from '../domain/analysis/finding';
import type { AnalysisWindow } from '../domain/analysis/window';

/**
 * Reads a window of one chat and names the risks in it: zero or more findings, each about a message
 * of the window (at most one per category and message). Never keeps or logs the text.
 */
export interface Analyzer {
  assess(window: AnalysisWindow): Promise<Finding[]>;
}

/**
 * The analysis did not run (the model throttled, unavailable or timed out): nothing was decided, so
 * the worker leaves the message on its queue for a retry instead of dropping it.
 */
export class AnalysisUnavailable extends Error {
  override readonly name = 'AnalysisUnavailable';
  constructor(options?: { cause?: unknown }) {
    super('the analysis is unavailable; retry later', options);
  }
}
