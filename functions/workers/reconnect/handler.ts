import * as z from '../../../shared/validation/z';
import { handleReconnectAttempt } from '../../../shared/app/pairing/session-events';
import { deps, logger } from '../runtime';

/** What a reconnect schedule carries (the EventBridge Scheduler target's input). */
const attempt = z.object({
  seatUid: z.string(),
  pairingId: z.string(),
  attempt: z.int().check(z.positive()),
});

/**
 * The reconnect schedule's target: one attempt. A late, repeated or outdated schedule changes
 * nothing; a failure throws so the Scheduler retries it and, in the end, sends it to its DLQ.
 */
export const handler = async (input: unknown): Promise<{ outcome: string }> => {
  const fired = attempt.parse(input);
  const outcome = await handleReconnectAttempt(await deps(), fired);
  logger.info('reconnect.fired', { ...fired, outcome });
  return { outcome };
};
