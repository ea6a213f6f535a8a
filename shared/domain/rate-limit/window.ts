/**
 * Fixed-window counting: the first hit sets the window's end; every hit
 * increments; a counter found without an end gets one; once the end has passed a new window starts.
 */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface WindowCount {
  count: number;
  /** Epoch seconds at which the window closes. */
  endsAt: number;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const windowEnd = (nowSeconds: number, rule: RateRule): number => nowSeconds + rule.windowSeconds;

export const isWindowOpen = (window: { endsAt: number | null }, nowSeconds: number): boolean =>
  window.endsAt !== null && window.endsAt > nowSeconds;

export const rateVerdict = (window: WindowCount, rule: RateRule, nowSeconds: number): RateVerdict =>
  window.count <= rule.limit
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(1, window.endsAt - nowSeconds) };
