import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../../../localstack/lambda-http';

describe('a local invocation’s context', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from its function’s time limit, as Lambda’s does, and stops at zero', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    const context = lambdaContext('historyImport', 900);
    expect(context.getRemainingTimeInMillis()).toBe(900_000);
    vi.advanceTimersByTime(61_000);
    expect(context.getRemainingTimeInMillis()).toBe(839_000);
    vi.advanceTimersByTime(900_000);
    expect(context.getRemainingTimeInMillis()).toBe(0);
  });

  it('gives an API route the HTTP API’s 30 seconds when no limit is named', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    expect(lambdaContext('api-auth').getRemainingTimeInMillis()).toBe(30_000);
  });
});
