import { localEnvironment } from '../../localstack/dev-config';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { queueEnvironment, startLocalStack, type RunningStack } from '../support/local-stack';
import { freePort } from '../support/ports';
import { startCountingProxy } from './counting-proxy';

/** A local stack as a part sees it: its addresses, its log and its stop (no handle on its process). */
export type BenchStack = Omit<RunningStack, 'process'>;

/**
 * The variable naming the stack the smoke pass started once for all its parts (test/bench/parts.ts):
 * starting one per part would take most of its time.
 */
const sharedStackVariable = 'BENCH_STACK';

/** What a part's process needs to use `stack` instead of starting its own. */
export const shareStack = (stack: BenchStack): Record<string, string> => {
  const { stop: _stop, ...addresses } = stack;
  return { [sharedStackVariable]: JSON.stringify(addresses) };
};

/**
 * The local stack a part measures, as `npm start` runs it (queues, workers, simulators, relay), with
 * `settings` added to or overriding its own; or, in the smoke pass, the stack it shares (started
 * with every part's settings), which the part does not stop.
 */
export const benchLocalStack = async (settings: Record<string, string>): Promise<BenchStack> => {
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_REGION: 'sa-east-1',
  });
  const shared = process.env[sharedStackVariable];
  if (shared !== undefined)
    return { ...(JSON.parse(shared) as Omit<BenchStack, 'stop'>), stop: async () => undefined };
  // On a machine shared with other work the stack took more than the tests' 60 s to start.
  return startLocalStack({ LOG_LEVEL: 'ERROR', ...settings }, { readyWithinMs: 180_000 });
};

/**
 * The bench's local stack (`benchLocalStack`, its table named `tableName`) with a counting proxy in
 * front of its DynamoDB Local (for what the bench serves in its own process) and an uncounted table
 * client (for seeding).
 */
export const startBenchStack = async (tableName: string, settings: Record<string, string> = {}) => {
  const stack = await benchLocalStack({ TABLE_NAME: tableName, ...settings });
  const proxy = await startCountingProxy(stack.dynamoEndpoint, await freePort());
  const table = createTableAccess({
    tableName: stack.tableName,
    region: 'sa-east-1',
    endpoint: stack.dynamoEndpoint,
  });
  return { stack, proxy, table };
};

/**
 * From here the bench's own process runs handlers (the API, a worker) against the stack's tables
 * (the main one through the counting proxy), with the stack's queues and session provider.
 */
export const runHandlersInProcess = (stack: BenchStack, proxy: { endpoint: string }) =>
  Object.assign(
    process.env,
    localEnvironment(
      { DYNAMODB_PORT: 0, WEB_PORT: 0, BUSINESS_PROVIDER_PORT: 0, GATEWAY_PORT: 0 },
      // The seat keys' table is named after the stack's table.
      { TABLE_NAME: stack.tableName },
    ),
    {
      ...queueEnvironment(stack.sqsEndpoint),
      SQS_ENDPOINT: stack.sqsEndpoint,
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
