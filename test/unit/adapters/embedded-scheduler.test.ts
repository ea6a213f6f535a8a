import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embeddedScheduler } from '../../../shared/adapters/scheduler/embedded-scheduler';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('the embedded scheduler', () => {
  it('fires each attempt at its time, once, even when scheduled twice', async () => {
    const fired: number[] = [];
    const scheduler = embeddedScheduler(async (attempt) => void fired.push(attempt.attempt));
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 1 },
      new Date('2026-11-22T10:00:30Z'),
    );
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 1 },
      new Date('2026-11-22T10:00:30Z'),
    );
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 2 },
      new Date('2026-11-22T10:02:30Z'),
    );
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([1]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fired).toEqual([1, 2]);
    expect(scheduler.pending()).toBe(0);
  });

  it('does not fire a cancelled attempt', async () => {
    const fired: number[] = [];
    const scheduler = embeddedScheduler(async (attempt) => void fired.push(attempt.attempt));
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 1 },
      new Date('2026-11-22T10:00:30Z'),
    );
    await scheduler.cancel({ seatUid: 'st_x', pairingId: 'P', attempt: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fired).toEqual([]);
  });

  it('retries a failing run, then reports it', async () => {
    let calls = 0;
    const gaveUp: number[] = [];
    const scheduler = embeddedScheduler(
      async () => {
        calls += 1;
        throw new Error('worker failed');
      },
      { retries: 2, onGiveUp: (attempt) => void gaveUp.push(attempt.attempt) },
    );
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 3 },
      new Date('2026-11-22T10:00:01Z'),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(3);
    expect(gaveUp).toEqual([3]);
  });
});
