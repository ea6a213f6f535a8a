import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { handleReconnectAttempt } from '../../../shared/app/pairing/session-events';
import { logger, reconnectWiring } from '../../composition/workers';
import { observed } from '../../../shared/adapters/lambda/observability';

const { deps } = reconnectWiring();

/**
 * The reconnect schedule's target: one attempt, the schedule's input as the event (EventBridge
 * Scheduler in AWS, the embedded scheduler locally, the same schema as the adapters that schedule).
 * A late, repeated or outdated schedule changes nothing; a failure throws so the Scheduler retries it
 * and, in the end, sends it to its DLQ.
 */
const handle = async (event: unknown): Promise<{ outcome: string }> => {
  const fired = scheduleTargets.reconnect.payload.parse(event);
  const outcome = await handleReconnectAttempt(await deps(), fired);
  logger.info('reconnect.fired', { ...fired, outcome });
  return { outcome };
};

export const handler = observed(handle);
