import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { loadGatewaySecrets, requireSecret } from '../../shared/adapters/crypto/service-secrets';
import { config } from '../../shared/config/config';
import type { HealthProbe } from '../../shared/ports/health';
import { eventBodiesOf } from './event-bodies';
import { serviceLogger } from './logger';
import { queueOf, queueUrl, sqs, type QueueName } from './queues';
import { sessionEventReader } from './session-provider';

/**
 * The composition root of the gateway's functions (infra/routes.ts, `gatewayRoutes`): configuration
 * read at start, one SQS client, one logger; each function's handler calls the function of this
 * module named for it as it loads. The gateway reads and writes no domain item.
 */
export const settings = config();

export const logger = serviceLogger(settings, 'gateway');

/**
 * Read once while the function starts (top-level await): a function refuses to start without the
 * key it verifies with (`requireSecret`), so a bad deploy fails loudly.
 */
const secrets = await loadGatewaySecrets(settings);

/**
 * `POST /webhooks/session-provider`: the key it verifies signatures with, how the provider's bodies
 * read, the session events' FIFO queue and the store of bodies too large for a queue message
 * (checked and built as it starts).
 */
export const sessionProviderWebhookWiring = async () => ({
  secret: requireSecret(secrets, 'sessionProviderWebhookSecret'),
  readEvent: sessionEventReader,
  queue: queueOf('sessionEvents', settings, 'now'),
  bodies: await eventBodiesOf(settings)(),
});

/** `/webhooks/business-provider`: the app secret (signatures), the verify token (the handshake) and the business events' queue. */
export const businessProviderWebhookWiring = () => ({
  appSecret: requireSecret(secrets, 'businessProviderAppSecret'),
  verifyToken: requireSecret(secrets, 'businessProviderVerifyToken'),
  queue: queueOf('businessEvents', settings, 'now'),
});

/** Each queue answers a read of its attributes: the gateway can hand events on. */
const queueProbe = (name: QueueName): HealthProbe => {
  const queueUrlOf = queueUrl(name);
  return {
    name,
    async check() {
      await sqs(settings).send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrlOf, AttributeNames: ['QueueArn'] }),
      );
    },
  };
};

/** The gateway's `GET /health`: its queues' probes. */
export const gatewayHealthWiring = () => ({
  probes: [queueProbe('sessionEvents'), queueProbe('businessEvents')],
});
