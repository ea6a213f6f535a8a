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

/** Texts of both of V8's string representations (Latin-1 and two-byte): each compiles apart. */
const WARM_UP_TEXTS = ['bom dia', 'bom dia \u0436'];

/**
 * Runs each pattern twice on short texts, at load: V8 compiles a pattern on its first use and to
 * machine code on its second, for each representation of the text, some hundreds of milliseconds
 * for all the patterns, which would otherwise count against the first windows' budgets.
 */
export const compileAhead = (patterns: readonly RegExp[]): void => {
  for (const pattern of patterns)
    for (const text of WARM_UP_TEXTS) {
      pattern.test(text);
      pattern.test(text);
      pattern.lastIndex = 0;
    }
};
