import { describe, expect, it } from 'vitest';
import {
  attemptTimes,
  isCurrentAttempt,
  isLastAttempt,
  isVerdict,
  verdictTime,
} from '../../../shared/domain/pairing/reconnect';

describe('reconnect attempts', () => {
  it('come 0.5, 2.5 and 12.5 minutes after the drop with the default gaps', () => {
    const dropped = new Date('2026-11-22T10:00:00Z');
    expect(attemptTimes(dropped, [30, 120, 600]).map((at) => at.toISOString())).toEqual([
      '2026-11-22T10:00:30.000Z',
      '2026-11-22T10:02:30.000Z',
      '2026-11-22T10:12:30.000Z',
    ]);
  });

  it('act only while the pairing is degraded and waiting for exactly that attempt', () => {
    const degraded = { seatUid: 'st_x', pairingId: 'P', status: 'degraded', reconnectAttempts: 1 };
    expect(isCurrentAttempt(degraded, { seatUid: 'st_x', pairingId: 'P', attempt: 2 })).toBe(true);
    expect(isCurrentAttempt(degraded, { seatUid: 'st_x', pairingId: 'P', attempt: 1 })).toBe(false); // fired twice, or late
    expect(
      isCurrentAttempt({ ...degraded, status: 'paired' }, { seatUid: 'st_x', pairingId: 'P', attempt: 2 }),
    ).toBe(false); // moved on
    expect(isCurrentAttempt(degraded, { seatUid: 'st_x', pairingId: 'other', attempt: 2 })).toBe(false);
  });

  it('give up after the last one', () => {
    expect(isLastAttempt(2, [30, 120, 600])).toBe(false);
    expect(isLastAttempt(3, [30, 120, 600])).toBe(true);
  });

  it('end with a verdict the first gap after the last attempt (13 minutes after the drop by default)', () => {
    const dropped = new Date('2026-11-22T10:00:00Z');
    expect(verdictTime(dropped, [30, 120, 600])?.toISOString()).toBe('2026-11-22T10:13:00.000Z');
    expect(verdictTime(dropped, [])).toBeUndefined();
    expect(isVerdict(4, [30, 120, 600])).toBe(true);
    expect(isVerdict(3, [30, 120, 600])).toBe(false);
  });
});
