/**
 * How long the local analysis of one window may read its patterns: past it the rules stop and
 * report what they found so far, and the screen passes the window on to the second stage. A
 * backstop, never reached on real text: the patterns are linear and each text at most about 4 KB
 * (`analysedText`), so a window takes milliseconds; generous, so a busy machine's pause never cuts
 * an ordinary analysis short (ten windows of a batch stay far inside the worker's timeout).
 */
export const ANALYSIS_TIME_BUDGET_MS = 2000;

export interface TimeBudget {
  ms: number;
  /** A monotonic clock in milliseconds. */
  now: () => number;
}

export const analysisTimeBudget: TimeBudget = { ms: ANALYSIS_TIME_BUDGET_MS, now: () => performance.now() };

/** Starts the budget: the returned test is true once it is spent. */
export const startBudget = ({ ms, now }: TimeBudget): (() => boolean) => {
  const deadline = now() + ms;
  return () => now() >= deadline;
};
