import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { answer, parseBody, rawBody } from '../gateway-http';
import * as z from '../../../shared/validation/z';
import { sqsQueue } from '../../../shared/adapters/sqs/sqs-queue';
import { validBusinessProviderSignature } from '../../../shared/http/signatures';
import { requireSecret } from '../../../shared/adapters/crypto/service-secrets';
import { configFor } from '../../../shared/config/config';
import { logger, secrets, sqs } from '../gateway-runtime';

const appSecret = requireSecret(secrets, 'businessProviderAppSecret');
const verifyToken = requireSecret(secrets, 'businessProviderVerifyToken');
const queue = sqsQueue(sqs, configFor('businessEventsQueue').businessEventsQueue.BUSINESS_EVENTS_QUEUE_URL);

/** The Cloud API's webhook body: entries of changes, each carrying statuses and messages. */
const item = z.looseObject({ id: z.string() });
const notification = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string(),
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.looseObject({
            statuses: z.optional(z.array(item)),
            messages: z.optional(z.array(item)),
            metadata: z.optional(z.unknown()),
          }),
        }),
      ),
    }),
  ),
});

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * `GET /webhooks/business-provider`: the subscription handshake answers `hub.challenge` as plain text
 * when `hub.verify_token` matches (403 otherwise). `POST`: the signature over the raw bytes (401),
 * the shape (400), then one queue message per status or message in the body.
 */
export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  if (event.requestContext.http.method === 'GET') {
    const query = event.queryStringParameters ?? {};
    if (query['hub.mode'] !== 'subscribe' || !sameText(verifyToken, query['hub.verify_token'] ?? '')) {
      return answer(403, { message: 'Verification failed.' });
    }
    return { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: query['hub.challenge'] ?? '' };
  }
  const body = rawBody(event);
  if (!validBusinessProviderSignature(appSecret, body, event.headers['x-hub-signature-256'])) {
    return answer(401, { message: 'Invalid signature.' });
  }
  const parsed = parseBody(notification, body);
  if (parsed === null) return answer(400, { message: 'Not a business-provider notification.' });
  const events = parsed.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => [
      ...(change.value.statuses ?? []).map((status) => ({
        kind: 'status',
        wabaId: entry.id,
        metadata: change.value.metadata,
        item: status,
      })),
      ...(change.value.messages ?? []).map((message) => ({
        kind: 'message',
        wabaId: entry.id,
        metadata: change.value.metadata,
        item: message,
      })),
    ]),
  );
  await queue.send(events.map((one) => ({ body: JSON.stringify(one) })));
  logger.info('webhook.accepted', { provider: 'business', events: events.length });
  return answer(200, { received: events.length });
};
