import { spawn, type ChildProcess } from 'node:child_process';
import { queueConsumers, queueNames, queueUrlVariable } from '../../infra/consumers';
import { createWriteStream, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from './ports';

export interface RunningStack {
  apiUrl: string;
  dynamoEndpoint: string;
  businessProviderUrl: string;
  /** The proxy-supplier simulator. */
  supplierUrl: string;
  gatewayUrl: string;
  sqsEndpoint: string;
  sessionProviderUrl: string;
  relayUrl: string;
  /** The consent page's origin (`/c/{token}`). */
  webUrl: string;
  tableName: string;
  logFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Only what a newcomer's shell surely holds: no AWS credentials, no profile, no region. */
export const bareEnvironment = (): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '',
  HOME: process.env['HOME'] ?? '',
});

/**
 * Runs the local stack exactly as `npm start` does (the same entry file), on free ports, and waits
 * for its `ready` line. Its standard output goes to a file the tests read (OTP dev delivery).
 * `bare` runs `npm start` itself with only `bareEnvironment` and the ports.
 */
export const startLocalStack = async (
  env: Record<string, string> = {},
  options: {
    bare?: boolean;
    /** How long it may take to say `ready` (longer for the bench, which a loaded machine slows most). */
    readyWithinMs?: number;
  } = {},
): Promise<RunningStack> => {
  const [
    apiPort,
    dynamoPort,
    webPort,
    businessPort,
    gatewayPort,
    sqsPort,
    sessionPort,
    relayPort,
    pushPort,
    supplierPort,
  ] = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(() => freePort()));
  mkdirSync(resolve('.local'), { recursive: true });
  const logFile = resolve('.local', `stack-${apiPort}.log`);
  const log = createWriteStream(logFile);
  const [command, args] = options.bare
    ? ['npm', ['start', '--silent']]
    : [process.execPath, ['--import', 'tsx', 'localstack/start.ts']];
  const child = spawn(command, args, {
    // npm runs the stack in a child of its own: a group of their own, so that stop ends both.
    detached: options.bare === true,
    env: {
      ...(options.bare ? bareEnvironment() : process.env),
      API_PORT: String(apiPort),
      DYNAMODB_PORT: String(dynamoPort),
      WEB_PORT: String(webPort),
      BUSINESS_PROVIDER_PORT: String(businessPort),
      GATEWAY_PORT: String(gatewayPort),
      SQS_PORT: String(sqsPort),
      SESSION_PROVIDER_PORT: String(sessionPort),
      RELAY_PORT: String(relayPort),
      RELAY_PUSH_PORT: String(pushPort),
      SUPPLIER_PORT: String(supplierPort),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await new Promise<void>((ready, failed) => {
    const readyWithinMs = options.readyWithinMs ?? 60_000;
    const timer = setTimeout(
      () => failed(new Error(`local stack not ready in ${readyWithinMs / 1000} s:\n${output}`)),
      readyWithinMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/^ready$/m.test(output)) {
        clearTimeout(timer);
        ready();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`local stack exited (${code}):\n${output}`));
    });
  });
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    dynamoEndpoint: `http://127.0.0.1:${dynamoPort}`,
    businessProviderUrl: `http://127.0.0.1:${businessPort}`,
    supplierUrl: `http://127.0.0.1:${env['SUPPLIER_PORT'] ?? supplierPort}`,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    sqsEndpoint: `http://127.0.0.1:${sqsPort}`,
    sessionProviderUrl: `http://127.0.0.1:${sessionPort}`,
    relayUrl: `http://127.0.0.1:${relayPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    tableName: env['TABLE_NAME'] ?? 'family-protection-local',
    logFile,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        if (options.bare && child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
        else child.kill('SIGINT');
      }),
  };
};

/**
 * The queue URL variables of every queue row, as the stack's SQS emulator names its queues: what an
 * API or worker served in a test's own process needs to start (each function checks the queues it
 * sends to at cold start). Without an emulator, any endpoint does for handlers that never send.
 */
export const queueEnvironment = (sqsEndpoint: string): Record<string, string> =>
  Object.fromEntries(
    queueConsumers.map((row) => [
      queueUrlVariable(row.name),
      `${sqsEndpoint}/000000000000/${queueNames(row).queue}`,
    ]),
  );
