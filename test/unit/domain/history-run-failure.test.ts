import { describe, expect, it } from 'vitest';
import { decideRunFailure, historyRetryDelaysSeconds } from '../../../shared/domain/history/run-failure';

/** No jitter: the delay as listed. */
const even = 0.5;

describe('a failed history run: tried again, given up, or ended as gone', () => {
  it('a session gone at the provider ends the import at once, whatever the try', () => {
    expect(decideRunFailure('session_gone', 0, even)).toEqual({ then: 'end_gone', attempt: 1 });
    expect(decideRunFailure('session_gone', 3, even)).toEqual({ then: 'end_gone', attempt: 4 });
  });

  it('a provider failure that may pass is tried again within seconds, each wait longer, bounded', () => {
    const delays = historyRetryDelaysSeconds.map((_, before) => decideRunFailure('status_503', before, even));
    expect(delays).toEqual([
      { then: 'retry', attempt: 1, delaySeconds: 2 },
      { then: 'retry', attempt: 2, delaySeconds: 4 },
      { then: 'retry', attempt: 3, delaySeconds: 8 },
      { then: 'retry', attempt: 4, delaySeconds: 16 },
      { then: 'retry', attempt: 5, delaySeconds: 30 },
    ]);
    expect(historyRetryDelaysSeconds.reduce((sum, one) => sum + one, 0)).toBeLessThanOrEqual(60);
  });

  it('after the last try the import is given up', () => {
    expect(decideRunFailure('status_503', historyRetryDelaysSeconds.length, even)).toEqual({
      then: 'give_up',
      attempt: historyRetryDelaysSeconds.length + 1,
    });
  });

  it('a timeout, an unreachable or throttled service, a lost race, 408, 422 and 429 are tried again', () => {
    for (const cause of [
      'timeout',
      'unreachable',
      'throttled',
      'conflict',
      'status_500',
      'status_408',
      'status_422',
      'status_429',
    ])
      expect(decideRunFailure(cause, 0, even).then, cause).toBe('retry');
  });

  it('a refusal no wait can change (another 4xx) is given up at once', () => {
    for (const cause of ['status_400', 'status_401', 'status_403'])
      expect(decideRunFailure(cause, 0, even), cause).toEqual({ then: 'give_up', attempt: 1 });
  });

  it('imports failed together do not retry together: the wait strays up to a fifth either way, never under a second', () => {
    expect(decideRunFailure('timeout', 3, 0)).toMatchObject({ delaySeconds: 13 });
    expect(decideRunFailure('timeout', 3, 0.999)).toMatchObject({ delaySeconds: 19 });
    expect(decideRunFailure('timeout', 0, 0)).toMatchObject({ delaySeconds: 2 });
  });
});
