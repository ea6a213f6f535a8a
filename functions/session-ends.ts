import { sqsClient } from '../shared/adapters/sqs/sqs-client';
import { sqsQueue } from '../shared/adapters/sqs/sqs-queue';
import { configFor, type Config } from '../shared/config/config';
import { lazy } from '../shared/lazy';
import type { EventQueue } from '../shared/ports/queue';

/**
 * The session-ends queue (infra/consumers.ts, `sessionEnds`), as those that end pairings send to it:
 * the API's pairing, consent and admin groups (its `apiProducers`) and the workers that move
 * pairings (their `sessionEnds` need). Its URL is read when the first session is ended.
 */
export const configuredSessionEnds = (settings: Config): EventQueue => {
  const queue = lazy(async () =>
    sqsQueue(sqsClient(settings), configFor('sessionEndsQueue').sessionEndsQueue.SESSION_ENDS_QUEUE_URL),
  );
  return { send: async (messages) => (await queue()).send(messages) };
};
