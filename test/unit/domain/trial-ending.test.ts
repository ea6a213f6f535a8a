import { describe, expect, it } from 'vitest';
import { trialEndingAt, trialEndingStands } from '../../../shared/domain/family/trial-ending';

const now = new Date('2026-11-22T10:00:00Z');
const endsAt = '2026-11-29T10:00:00.000Z';
const fired = { seatUid: 'st_x', trialEndsAt: endsAt };

describe('the trial-ending notice', () => {
  it('goes a day before the end, or at once for a trial shorter than a day', () => {
    expect(trialEndingAt(endsAt, now).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(trialEndingAt('2026-11-22T20:00:00.000Z', now)).toEqual(now);
  });

  it('stands for a live seat whose trial is the one scheduled, before its end', () => {
    const seat = { status: 'active', trial: { endsAt } };
    expect(trialEndingStands(seat, fired, new Date('2026-11-28T10:00:05Z'))).toBe(true);
    expect(trialEndingStands(undefined, fired, now)).toBe(false);
    expect(trialEndingStands({ ...seat, status: 'archived' }, fired, now)).toBe(false);
    expect(trialEndingStands({ ...seat, trial: null }, fired, now)).toBe(false);
    expect(trialEndingStands({ ...seat, trial: { endsAt: '2026-12-29T10:00:00.000Z' } }, fired, now)).toBe(
      false,
    );
    expect(trialEndingStands(seat, fired, new Date(endsAt))).toBe(false);
  });
});
