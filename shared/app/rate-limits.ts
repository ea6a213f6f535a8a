import { fail } from '../domain/errors';
import type { RateRule } from '../domain/rate-limit/window';
import type { RateLimiter } from '../ports/stores';

/**
 * Counts a request against each budget in order; the first exceeded answers 429 with the seconds
 * left in its window. Shared by sign-in and, later, the consent link and excerpt limits.
 */
export const enforceRateLimits = async (
  limiter: RateLimiter,
  budgets: readonly { rule: string; identifier: string; limit: RateRule }[],
): Promise<void> => {
  for (const budget of budgets) {
    const verdict = await limiter.hit(budget.rule, budget.identifier, budget.limit);
    if (!verdict.allowed) throw fail('RATE_LIMITED', { retryAfterSeconds: verdict.retryAfterSeconds });
  }
};
