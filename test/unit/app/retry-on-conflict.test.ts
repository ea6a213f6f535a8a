import { describe, expect, it } from 'vitest';
import { fullJitter, once, retryOnConflict, type ConflictRetry } from '../../../shared/app/retry-on-conflict';
import { fail, ServiceError, StaleWrite } from '../../../shared/domain/errors';

/** A retry that records its pauses instead of sleeping. */
const recording = (attempts = 5) => {
  const pauses: number[] = [];
  const retry: ConflictRetry = { attempts, pause: async (attempt) => void pauses.push(attempt) };
  return { retry, pauses };
};

/** A command that loses the race `losses` times, then succeeds; it counts its runs. */
const racing = (losses: number) => {
  const runs: number[] = [];
  const command = async (attempt: number) => {
    runs.push(attempt);
    if (runs.length <= losses) throw new StaleWrite(new Error('condition failed'));
    return 'written';
  };
  return { command, runs };
};

describe('retrying a command whose write was stale', () => {
  it('reads, decides and writes again after a stale write, and answers what the retry decided', async () => {
    const { retry, pauses } = recording();
    const { command, runs } = racing(1);
    await expect(retryOnConflict(command, retry)).resolves.toBe('written');
    expect(runs).toEqual([1, 2]);
    expect(pauses).toEqual([1]);
  });

  it('gives up after the bound: the last stale write answers 409 CONFLICT', async () => {
    const { retry, pauses } = recording(5);
    const { command, runs } = racing(Infinity);
    const error = await retryOnConflict(command, retry).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(StaleWrite);
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(runs).toEqual([1, 2, 3, 4, 5]);
    expect(pauses).toEqual([1, 2, 3, 4]);
  });

  it('never retries a real contradiction, even one that answers CONFLICT', async () => {
    const { retry, pauses } = recording();
    let runs = 0;
    const contradiction = async () => {
      runs += 1;
      throw fail('CONFLICT', undefined, 'The account already has a subscription.');
    };
    const error = await retryOnConflict(contradiction, retry).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).not.toBeInstanceOf(StaleWrite);
    expect(runs).toBe(1);
    expect(pauses).toEqual([]);
  });

  it('never retries any other failure', async () => {
    const { retry } = recording();
    let runs = 0;
    const broken = async () => {
      runs += 1;
      throw new Error('provider down');
    };
    await expect(retryOnConflict(broken, retry)).rejects.toThrow('provider down');
    expect(runs).toBe(1);
  });
});

describe('the pause between attempts (full jitter)', () => {
  it('is a random share of a ceiling that doubles with each attempt, up to the cap', async () => {
    const waited: number[] = [];
    const pause = fullJitter(
      10,
      50,
      () => 0.5,
      async (ms) => void waited.push(ms),
    );
    for (const attempt of [1, 2, 3, 4]) await pause(attempt);
    expect(waited).toEqual([5, 10, 20, 25]);
  });
});

describe('an outside effect of a retried command', () => {
  it('is made once, and its result stands for every attempt', async () => {
    let made = 0;
    const dataKey = once(async (seatId: string) => `key-${seatId}-${(made += 1)}`);
    expect(await dataKey('S1')).toBe('key-S1-1');
    expect(await dataKey('S1')).toBe('key-S1-1');
    expect(made).toBe(1);
  });
});
