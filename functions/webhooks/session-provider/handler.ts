import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { answer, rawBody } from '../gateway-http';
import { validSessionProviderSignature } from '../../../shared/http/signatures';
import { encodeQueuedBody } from '../../../shared/adapters/sqs/queued-body';
import { logger, sessionProviderWebhookWiring } from '../../composition/gateway';
import { observed } from '../../../shared/adapters/lambda/observability';

const { secret, readEvent, queue, bodies } = await sessionProviderWebhookWiring();

/**
 * `POST /webhooks/session-provider`: the signature over the raw bytes first (401), then the envelope
 * as the provider's adapter reads it (400 without one; an event the worker will not read is still
 * queued, so it is counted there), then the event goes to the FIFO queue grouped by session and
 * de-duplicated by its id, its exact bytes encoded so that no character a queue refuses can fail it
 * (and a body too large for a queue message kept aside, by reference). The gateway reads and writes
 * no domain item, and logs ids only.
 */
const handle = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const body = rawBody(event);
  if (!validSessionProviderSignature(secret, body, event.headers['x-webhook-hmac'])) {
    return answer(401, { message: 'Invalid signature.' });
  }
  const { envelope } = readEvent(body.toString('utf8'));
  if (envelope === null) return answer(400, { message: 'Not a session-provider event.' });
  const deduplicationId = envelope.id ?? createHash('sha256').update(body).digest('hex');
  await queue.send([
    { body: await encodeQueuedBody(body, bodies), groupId: envelope.session, deduplicationId },
  ]);
  logger.info('webhook.accepted', { provider: 'session', eventId: deduplicationId, type: envelope.event });
  return answer(200, { received: true });
};

export const handler = observed(handle);
