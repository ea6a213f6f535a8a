import { health } from '../../../shared/app/health';
import { jsonResponse } from '../../../shared/http/envelope';
import type { Operation } from '../../../shared/http/operation';
import { systemClock } from '../../../shared/ports/clock';
import { apiHandler } from '../api-handler';
import { healthWiring } from '../../composition/api';

const startedAt = Date.now();
const { probes } = healthWiring();

/** `GET /health` answers without the envelope, so probes read its status directly. */
const healthOperation: Operation = {
  auth: 'public',
  async serve() {
    const report = await health(probes, systemClock, startedAt);
    return jsonResponse(report.status === 'ok' ? 200 : 503, report);
  },
};

/** `GET /openapi.json`: the API's OpenAPI document, loaded from its chunk on the first call. */
const openApiDocument: Operation = {
  auth: 'public',
  async serve() {
    const { openApiDocument: document } = await import('./openapi-document.mjs');
    return jsonResponse(200, document);
  },
};

/** This group also answers API Gateway's `$default` route: 404 `NOT_FOUND` in the envelope. */
export const handler = apiHandler('health', { health: healthOperation, openApiDocument });
