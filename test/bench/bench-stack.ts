import { localEnvironment } from '../../localstack/dev-config';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { queueEnvironment, startLocalStack, type RunningStack } from '../support/local-stack';
import { freePort } from '../support/ports';
import { startCountingProxy } from './counting-proxy';

/**
 * The local stack a benchmark measures, as `npm start` runs it, with a counting proxy in front of its
 * DynamoDB Local (for what the bench serves in its own process) and an uncounted table client (for
 * seeding); `env` adds to or overrides the stack's settings.
 */
export const startBenchStack = async (tableName: string, env: Record<string, string> = {}) => {
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_REGION: 'sa-east-1',
  });
  const stack = await startLocalStack({ LOG_LEVEL: 'ERROR', TABLE_NAME: tableName, ...env });
  const proxy = await startCountingProxy(stack.dynamoEndpoint, await freePort());
  const table = createTableAccess({
    tableName: stack.tableName,
    region: 'sa-east-1',
    endpoint: stack.dynamoEndpoint,
  });
  return { stack, proxy, table };
};

/**
 * From here the bench's own process runs handlers (the API, a worker) against the stack's table
 * through the counting proxy, with the stack's queues and session provider.
 */
export const runHandlersInProcess = (stack: RunningStack, proxy: { endpoint: string }) =>
  Object.assign(
    process.env,
    localEnvironment({ DYNAMODB_PORT: 0, WEB_PORT: 0, BUSINESS_PROVIDER_PORT: 0, GATEWAY_PORT: 0 }, {}),
    {
      ...queueEnvironment(stack.sqsEndpoint),
      DYNAMODB_ENDPOINT: proxy.endpoint,
      TABLE_NAME: stack.tableName,
      LOG_LEVEL: 'ERROR',
      SESSION_PROVIDER_URL: stack.sessionProviderUrl,
    },
  );

/** The API served in this process (after `runHandlersInProcess`), on a free port. */
export const serveApiInProcess = async () => {
  const { loadApiHandlers, startApiServer } = await import('../../localstack/api-server');
  const apiPort = await freePort();
  const api = await startApiServer({ port: apiPort, handlers: await loadApiHandlers() });
  return { api, apiPort };
};
