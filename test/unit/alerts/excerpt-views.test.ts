import { describe, expect, it } from 'vitest';
import { excerptViewDayExpiry, excerptViewsOf } from '../../../shared/domain/alerts/excerpt-views';

const day = (seatUid: string, date: string, count: number, lastAt: string) => ({
  seatUid,
  day: date,
  count,
  lastAt,
});

describe("the person's excerpt views", () => {
  const now = new Date('2026-11-30T12:00:00Z');

  it('are none without reads', () => {
    expect(excerptViewsOf([], 'st_a', now)).toEqual({ count30d: 0, lastAt: null });
  });

  it('sum the seat’s reads of today and the 29 days before, with the last instant', () => {
    const days = [
      day('st_a', '2026-10-31', 9, '2026-10-31T23:00:00.000Z'),
      day('st_a', '2026-11-01', 2, '2026-11-01T08:00:00.000Z'),
      day('st_a', '2026-11-30', 1, '2026-11-30T11:00:00.000Z'),
      day('st_b', '2026-11-30', 5, '2026-11-30T11:59:00.000Z'),
    ];
    expect(excerptViewsOf(days, 'st_a', now)).toEqual({ count30d: 3, lastAt: '2026-11-30T11:00:00.000Z' });
  });

  it('keep a day a day past the window', () => {
    expect(excerptViewDayExpiry('2026-11-01')).toBe(Date.parse('2026-12-02T00:00:00Z') / 1000);
  });
});
