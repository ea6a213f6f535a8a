import { isServiceError } from '../domain/errors';
import { ProviderRefused } from '../ports/session-provider';

/** AWS's names for a service still busy after the SDK's own retries. */
const throttlingNames = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);

/**
 * Why a try failed, in words that stay the same from one failure to the next (logs, metrics, the
 * causes an operator tells apart in docs/faults.md): the provider's status (`status_503`; a 404 is
 * a session gone), a call past its time limit, a provider that could not be reached, an AWS service
 * throttling, a write that lost a race (`conflict`), a rule's own code. Never an exception's message,
 * which can echo a request's data.
 */
export const failureCauseOf = (error: unknown): string => {
  if (error instanceof ProviderRefused)
    return error.status === 404 ? 'session_gone' : `status_${error.status}`;
  if (isServiceError(error)) return error.code === 'CONFLICT' ? 'conflict' : error.code.toLowerCase();
  if (!(error instanceof Error)) return 'unknown';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
  if (throttlingNames.has(error.name)) return 'throttled';
  if (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException')
    return 'conflict';
  // fetch's own failure to connect (refused, reset, no such host).
  if (error.name === 'TypeError') return 'unreachable';
  return error.name;
};
