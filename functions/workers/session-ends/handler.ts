import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { loadSecret } from '../../../shared/adapters/crypto/service-secrets';
import { observed } from '../../../shared/adapters/lambda/observability';
import { failureCauseOf } from '../../../shared/app/failure-cause';
import { removeSession, sessionEnd } from '../../../shared/app/pairing/sessions';
import { config, configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { configuredSessionProvider } from '../../session-provider';
import { logger } from '../logger';

const settings = config();
const { sessionProvider } = configFor('sessionProvider');
const sessions = configuredSessionProvider(
  settings,
  sessionProvider,
  lazy(() => loadSecret('providerTokens', settings)),
);

const processor = new BatchProcessor(EventType.SQS);

/** A try the provider did not confirm: its cause is all the log and the batch report say. */
class SessionEndFailed extends Error {
  constructor(readonly reason: string) {
    super(`session end failed: ${reason}`);
    this.name = 'SessionEndFailed';
  }
}

const parsed = (body: string) => {
  try {
    return sessionEnd.safeParse(JSON.parse(body));
  } catch {
    return null;
  }
};

/**
 * The session-ends worker: one session a message, deleted at the provider (`removeSession`); a 2xx
 * or a 404 (already gone) ends it. Anything else (a refusal, a timeout, a provider out of reach) is
 * logged with its cause and reported as a failure: the message comes back after the visibility
 * timeout, and after the queue's last receive lands in the DLQ, which alarms. Logs the session's
 * name (a pairing id, nothing personal), the receive count and the cause.
 */
const handleRecord = async (record: SQSRecord): Promise<void> => {
  const end = parsed(record.body);
  if (end?.success !== true) {
    logger.warn('session_end.dropped', { messageId: record.messageId });
    return;
  }
  const session = end.data.sessionName;
  const receives = Number(record.attributes.ApproximateReceiveCount);
  try {
    await removeSession({ sessions }, end.data);
  } catch (error) {
    const cause = failureCauseOf(error);
    logger.warn('session_end.failed', { session, receives, cause });
    throw new SessionEndFailed(cause);
  }
  logger.info('session_end.done', { session, receives });
};

const handle = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, handleRecord, processor, { context });

export const handler = observed(handle);
