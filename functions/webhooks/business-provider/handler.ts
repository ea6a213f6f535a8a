import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { answer, parseBody, rawBody } from '../gateway-http';
import { businessEventsOf, whatsappNotification } from '../../../shared/adapters/consent/whatsapp-webhook';
import { validBusinessProviderSignature } from '../../../shared/http/signatures';
import { businessProviderWebhookWiring, logger } from '../../composition/gateway';
import { observed } from '../../../shared/adapters/lambda/observability';

const { appSecret, verifyToken, queue } = businessProviderWebhookWiring();

/** Meta's `hub.challenge` is an integer (its webhook verification request); nothing else is echoed. */
const providerChallenge = /^[0-9]{1,20}$/;

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * `GET /webhooks/business-provider`: the subscription handshake answers `hub.challenge` as plain text
 * (`nosniff`) when `hub.verify_token` matches (403 otherwise) and the challenge is of Meta's shape,
 * an integer (400 otherwise): the endpoint never reflects text of the caller's choosing. `POST`: the signature over the raw bytes (401),
 * then one queue message per status, message or error in the body. A signed body we cannot use is
 * answered 200 all the same (Meta retries anything else with the whole batch for days), logged by
 * kind as `webhook.unusable` and counted, never with its content.
 */
const handle = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  if (event.requestContext.http.method === 'GET') {
    const query = event.queryStringParameters ?? {};
    if (query['hub.mode'] !== 'subscribe' || !sameText(verifyToken, query['hub.verify_token'] ?? '')) {
      return answer(403, { message: 'Verification failed.' });
    }
    const challenge = query['hub.challenge'] ?? '';
    if (!providerChallenge.test(challenge)) return answer(400, { message: 'Invalid challenge.' });
    // Only digits go back, as plain text a browser may not sniff into anything else.
    return {
      statusCode: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
      body: challenge,
    };
  }
  const body = rawBody(event);
  if (!validBusinessProviderSignature(appSecret, body, event.headers['x-hub-signature-256'])) {
    return answer(401, { message: 'Invalid signature.' });
  }
  const parsed = parseBody(whatsappNotification, body);
  if (parsed === null) {
    logger.warn('webhook.unusable', { provider: 'business', kind: 'body', outcome: 'unusable', count: 1 });
    return answer(200, { received: 0 });
  }
  const { events, unreadable } = businessEventsOf(parsed);
  if (unreadable > 0)
    logger.warn('webhook.unusable', {
      provider: 'business',
      kind: 'status',
      outcome: 'unusable',
      count: unreadable,
    });
  if (events.length > 0) await queue.send(events.map((one) => ({ body: JSON.stringify(one) })));
  logger.info('webhook.accepted', { provider: 'business', events: events.length });
  return answer(200, { received: events.length });
};

export const handler = observed(handle);
