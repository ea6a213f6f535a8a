import { removeSession, sessionEnd } from '../../../shared/app/pairing/sessions';
import { logger, sessionEndsWiring } from '../../composition/workers';
import { queueWorker } from '../queue-worker';

const { deps } = sessionEndsWiring();

/**
 * The session-ends worker: one session a message, deleted at the provider (`removeSession`); a 2xx
 * or a 404 (already gone) ends it (`session_end.done`). Anything else (a refusal, a timeout, a
 * provider out of reach) is logged with its cause (`session_end.failed`) and reported as a failure:
 * the message comes back after the visibility timeout, and after the queue's last receive lands in
 * the DLQ, which alarms. Logs the session's name (a pairing id, nothing personal), the receive
 * count and the cause.
 */
export const handler = queueWorker(logger, {
  log: 'session_end',
  lines: { handled: 'session_end.done' },
  body: sessionEnd,
  about: (end, record) => ({
    session: end.sessionName,
    receives: Number(record.attributes.ApproximateReceiveCount),
  }),
  run: async (end) => {
    await removeSession(deps, end);
    return {};
  },
});
