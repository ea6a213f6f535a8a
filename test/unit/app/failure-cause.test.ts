import { describe, expect, it } from 'vitest';
import { StaleWrite, fail } from '../../../shared/domain/errors';
import { failureCauseOf } from '../../../shared/app/failure-cause';
import { ProviderRefused } from '../../../shared/ports/session-provider';

const awsError = (name: string) => Object.assign(new Error('User: arn:aws:... table Family#f1'), { name });

describe('a failure’s cause, as logs carry it', () => {
  it('is the provider’s status, and a session the provider no longer has is gone', () => {
    expect(failureCauseOf(new ProviderRefused(503))).toBe('status_503');
    expect(failureCauseOf(new ProviderRefused(422))).toBe('status_422');
    expect(failureCauseOf(new ProviderRefused(404))).toBe('session_gone');
  });

  it('tells a call past its time limit from a provider that could not be reached', () => {
    expect(failureCauseOf(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(
      'timeout',
    );
    expect(failureCauseOf(new TypeError('fetch failed: connect ECONNREFUSED 10.1.2.3:443'))).toBe(
      'unreachable',
    );
  });

  it('names throttling and lost races whatever the service said', () => {
    expect(failureCauseOf(awsError('ProvisionedThroughputExceededException'))).toBe('throttled');
    expect(failureCauseOf(awsError('ThrottlingException'))).toBe('throttled');
    expect(failureCauseOf(awsError('TransactionCanceledException'))).toBe('conflict');
    expect(failureCauseOf(new StaleWrite(new Error('x')))).toBe('conflict');
    expect(failureCauseOf(fail('SEAT_KEY_GONE'))).toBe('seat_key_gone');
  });

  it('is never an exception’s message', () => {
    expect(failureCauseOf(new RangeError('the message said: me encontra sozinha'))).toBe('RangeError');
    expect(failureCauseOf('a string')).toBe('unknown');
  });
});
