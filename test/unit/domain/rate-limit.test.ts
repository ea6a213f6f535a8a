import { describe, expect, it } from 'vitest';
import { isWindowOpen, rateVerdict, windowEnd } from '../../../shared/domain/rate-limit/window';

const rule = { limit: 5, windowSeconds: 3600 };

describe('fixed rate windows', () => {
  it('close windowSeconds after the first hit', () => {
    expect(windowEnd(1000, rule)).toBe(4600);
  });

  it('allow up to the limit and then answer the seconds left in the window', () => {
    expect(rateVerdict({ count: 5, endsAt: 4600 }, rule, 1000)).toEqual({ allowed: true });
    expect(rateVerdict({ count: 6, endsAt: 4600 }, rule, 1000)).toEqual({
      allowed: false,
      retryAfterSeconds: 3600,
    });
    expect(rateVerdict({ count: 6, endsAt: 4600 }, rule, 4599)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('are open only while their end is in the future; a window without an end is not open', () => {
    expect(isWindowOpen({ endsAt: 4600 }, 4599)).toBe(true);
    expect(isWindowOpen({ endsAt: 4600 }, 4600)).toBe(false);
    expect(isWindowOpen({ endsAt: null }, 0)).toBe(false);
  });
});
