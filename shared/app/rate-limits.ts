import { fail } from '../domain/errors';
import type { RateRule } from '../domain/rate-limit/window';
import type { RateLimiter } from '../ports/stores';

/**
 * Counts a request against each of its budgets (the counters move together, in one round trip);
 * the first exceeded, in the order given, answers 429 with the seconds left in its window. Shared by
 * sign-in and the person's routes (the consent page, pairing and stream).
 */
export const enforceRateLimits = async (
  limiter: RateLimiter,
  budgets: readonly { rule: string; identifier: string; limit: RateRule }[],
): Promise<void> => {
  const verdicts = await Promise.all(
    budgets.map((budget) => limiter.hit(budget.rule, budget.identifier, budget.limit)),
  );
  for (const verdict of verdicts) {
    if (!verdict.allowed) throw fail('RATE_LIMITED', { retryAfterSeconds: verdict.retryAfterSeconds });
  }
};
