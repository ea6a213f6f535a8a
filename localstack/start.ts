import { resolve } from 'node:path';
import * as z from 'zod';
import { defaultPorts, localEnvironment } from './dev-config';
import { createTable, startDynamoLocal } from './dynamo';

/**
 * `npm start`: the whole service on this machine (local-stack.md). DynamoDB Local with the table
 * CDK defines, and the API's Lambda handlers behind a local API Gateway. Prints one line per URL,
 * then `ready`; Ctrl-C stops every child it started.
 */
const port = z.coerce.number().int().min(1).max(65535);
const localSettings = z
  .object({
    API_PORT: port.default(defaultPorts.API_PORT),
    WEB_PORT: port.default(defaultPorts.WEB_PORT),
    DYNAMODB_PORT: port.default(defaultPorts.DYNAMODB_PORT),
    /** Set to keep the table's data under this folder between runs (default: in memory). */
    LOCAL_DATA_DIR: z.string().min(1).optional(),
  })
  .safeParse(process.env);

if (!localSettings.success) {
  process.stderr.write(
    `Invalid configuration: ${localSettings.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`,
  );
  process.exit(1);
}
const ports = localSettings.data;

const say = (line: string): void => void process.stdout.write(`${line}\n`);
const stops: (() => Promise<void>)[] = [];
let stopping = false;
const stopAll = async (code: number): Promise<never> => {
  if (!stopping) {
    stopping = true;
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
  process.exit(code);
};
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  Object.assign(process.env, localEnvironment(ports, process.env));
  const tableName = process.env['TABLE_NAME'] ?? 'family-protection-local';

  const dynamo = await startDynamoLocal({
    port: ports.DYNAMODB_PORT,
    workDir: resolve('.local'),
    dataDir: ports.LOCAL_DATA_DIR,
  });
  stops.push(dynamo.stop);
  dynamo.process.on('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`DynamoDB Local stopped unexpectedly (${code})\n`);
      void stopAll(1);
    }
  });
  await createTable(dynamo.endpoint, tableName);

  // Handlers read their configuration when imported: only now is the environment complete.
  const { loadApiHandlers, startApiServer } = await import('./api-server');
  const api = await startApiServer({ port: ports.API_PORT, handlers: await loadApiHandlers() });
  stops.push(() => new Promise<void>((done) => api.close(() => done())));
  api.closeIdleConnections();

  say(`dynamodb  ${dynamo.endpoint} (table ${tableName})`);
  say(`api       http://127.0.0.1:${ports.API_PORT}`);
  say('ready');
} catch (error) {
  process.stderr.write(
    `local stack failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  await stopAll(1);
}
