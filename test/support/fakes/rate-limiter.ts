import { isWindowOpen, rateVerdict, windowEnd } from '../../../shared/domain/rate-limit/window';
import type { Clock } from '../../../shared/ports/clock';
import type { RateLimiter } from '../../../shared/ports/stores';

/** Fixed windows by rule and identifier, on the given clock (`dynamoRateLimiter`'s counting). */
export const fakeRateLimiter = (
  clock: Clock,
): RateLimiter & { hits: { rule: string; identifier: string }[] } => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const hits: { rule: string; identifier: string }[] = [];
  return {
    hits,
    hit: async (ruleName, identifier, rule) => {
      hits.push({ rule: ruleName, identifier });
      const key = `${ruleName}#${identifier}`;
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const known = windows.get(key);
      const window =
        known !== undefined && isWindowOpen(known, nowSeconds)
          ? { ...known, count: known.count + 1 }
          : { count: 1, endsAt: windowEnd(nowSeconds, rule) };
      windows.set(key, window);
      return rateVerdict(window, rule, nowSeconds);
    },
  };
};
