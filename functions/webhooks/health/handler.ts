import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { health } from '../../../shared/app/health';
import { systemClock } from '../../../shared/ports/clock';
import { gatewayHealthWiring } from '../../composition/gateway';
import { observed } from '../../../shared/adapters/lambda/observability';

const startedAt = Date.now();
const { probes } = gatewayHealthWiring();

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
