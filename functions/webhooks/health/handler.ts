import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { health } from '../../../shared/app/health';
import { systemClock } from '../../../shared/ports/clock';
import type { HealthProbe } from '../../../shared/ports/health';
import { configFor } from '../../../shared/config/config';
import { sqs } from '../gateway-runtime';
import { observed } from '../../../shared/adapters/lambda/observability';

const startedAt = Date.now();

/** Each queue answers a read of its attributes: the gateway can hand events on. */
const queueProbe = (name: string, queueUrl: string): HealthProbe => ({
  name,
  async check() {
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
  },
});

const { sessionEventsQueue, businessEventsQueue } = configFor('sessionEventsQueue', 'businessEventsQueue');
const probes = [
  queueProbe('sessionEvents', sessionEventsQueue.SESSION_EVENTS_QUEUE_URL),
  queueProbe('businessEvents', businessEventsQueue.BUSINESS_EVENTS_QUEUE_URL),
];

/** The gateway's `GET /health`: 200 ok or 503 degraded by its queues (no envelope). */
const handle = async (): Promise<APIGatewayProxyStructuredResultV2> => {
  const report = await health(probes, systemClock, startedAt);
  return {
    statusCode: report.status === 'ok' ? 200 : 503,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  };
};

export const handler = observed(handle);
