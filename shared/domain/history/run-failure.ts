/**
 * What becomes of an import whose run failed, decided from the failure's stable cause
 * (`failureCauseOf`) and how many runs in a row failed before it:
 * - `end_gone`: the session is gone at the provider (404): no later try can read it, the import
 *   ends `failed` at once;
 * - `retry`: a failure that may pass (the provider's 5xx, 408, 422 while it reconnects, 429, a
 *   timeout, an unreachable or throttling service, a lost race) is tried again after `delaySeconds`;
 * - `give_up`: the last try failed too, or the failure cannot pass by waiting (any other 4xx):
 *   the import ends `failed`, the warm-up with it.
 */
export type RunFailureDecision =
  | { then: 'retry'; attempt: number; delaySeconds: number }
  | { then: 'give_up'; attempt: number }
  | { then: 'end_gone'; attempt: number };

/**
 * The waits before each new try, growing and bounded: a provider that stays down ends the import a
 * minute after its first failure, never after the queue's visibility timeout.
 */
export const historyRetryDelaysSeconds: readonly number[] = [2, 4, 8, 16, 30];

/** How far a delay may stray either way, so imports failed together do not retry together. */
const jitterShare = 0.2;

/** The provider's refusals that no wait can change (its 422 is a session not `WORKING` yet: it may pass). */
const lastingStatus = /^status_4(?!08|22|29)\d\d$/;

/**
 * `failedBefore`: the runs in a row that failed before this one (0 after a run that moved the import
 * on). `jitter` in [0, 1): 0.5 keeps the delay as listed.
 */
export const decideRunFailure = (cause: string, failedBefore: number, jitter: number): RunFailureDecision => {
  const attempt = failedBefore + 1;
  if (cause === 'session_gone') return { then: 'end_gone', attempt };
  const delay = historyRetryDelaysSeconds[attempt - 1];
  if (lastingStatus.test(cause) || delay === undefined) return { then: 'give_up', attempt };
  const strayed = delay * (1 + (jitter * 2 - 1) * jitterShare);
  return { then: 'retry', attempt, delaySeconds: Math.max(1, Math.round(strayed)) };
};
