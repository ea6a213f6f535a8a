import { resolve } from 'node:path';
import * as z from '../shared/validation/z';
import { parseConfig } from '../shared/config/config';
import { defaultPorts, localEnvironment } from './dev-config';
import { createSeatKeysTable, createTable, startDynamoLocal } from './dynamo';
import { closeServer, type LocalPart, type StartedPart } from './parts';
import { queueConsumers, queueUrlVariable, type QueueName } from '../infra/consumers';

/**
 * `npm start`: the whole service on this machine (docs/local-stack.md). Prints one line per URL, then
 * `ready`; Ctrl-C (or SIGTERM) stops every part it started, children included.
 */
const port = z.coerce.number().check(z.int(), z.gte(1), z.lte(65535));
const localSettings = z.object({
  API_PORT: z._default(port, defaultPorts.API_PORT),
  WEB_PORT: z._default(port, defaultPorts.WEB_PORT),
  BUSINESS_PROVIDER_PORT: z._default(port, defaultPorts.BUSINESS_PROVIDER_PORT),
  SUPPLIER_PORT: z._default(port, defaultPorts.SUPPLIER_PORT),
  GATEWAY_PORT: z._default(port, defaultPorts.GATEWAY_PORT),
  SQS_PORT: z._default(port, defaultPorts.SQS_PORT),
  SESSION_PROVIDER_PORT: z._default(port, defaultPorts.SESSION_PROVIDER_PORT),
  RELAY_PORT: z._default(port, defaultPorts.RELAY_PORT),
  RELAY_PUSH_PORT: z._default(port, defaultPorts.RELAY_PUSH_PORT),
  DYNAMODB_PORT: z._default(port, defaultPorts.DYNAMODB_PORT),
  /** How long a message a worker failed stays hidden before its next pass (default: each queue row's, as in AWS). */
  QUEUE_VISIBILITY_TIMEOUT_SECONDS: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(43_200))),
  /** How long the session-provider simulator's first QR of a wait lives (WAHA's 60 s). */
  SIM_QR_FIRST_SECONDS: z._default(z.coerce.number().check(z.gt(0)), 60),
  /** How long each later QR lives (WAHA's 20 s); after the sixth the session is `FAILED`. */
  SIM_QR_ROTATE_SECONDS: z._default(z.coerce.number().check(z.gt(0)), 20),
  /** Set to keep the table's data under this folder between runs (default: in memory). */
  LOCAL_DATA_DIR: z.optional(z.string().check(z.minLength(1))),
});

const say = (line: string): void => void process.stdout.write(`${line}\n`);
const complain = (line: string): void => void process.stderr.write(`${line}\n`);

const started: StartedPart[] = [];
/** The queues' URLs, once the emulator made them: the consumers' pollers read them. */
let queueUrls: Record<QueueName, string> | undefined;
let stopping = false;
const stopAll = async (code: number): Promise<never> => {
  if (!stopping) {
    stopping = true;
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  }
  process.exit(code);
};
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const parsed = localSettings.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const ports = parsed.data;
  Object.assign(process.env, localEnvironment(ports, process.env));
  Object.assign(process.env, {
    RELAY_PORT: String(ports.RELAY_PORT),
    RELAY_PUSH_PORT: String(ports.RELAY_PUSH_PORT),
  });
  // The handlers' configuration, checked before anything starts.
  const config = parseConfig(process.env);
  // Every table client built from here on refuses what its caller's grants do not cover, as IAM would.
  const { guardTableCalls, runAs } = await import('./table-guard');
  guardTableCalls();

  const parts: LocalPart[] = [
    {
      name: 'dynamodb',
      async start() {
        const dynamo = await startDynamoLocal({
          port: ports.DYNAMODB_PORT,
          workDir: resolve('.local'),
          dataDir: ports.LOCAL_DATA_DIR,
        });
        await createTable(dynamo.endpoint, config.TABLE_NAME);
        const seatKeysTable = config.SEAT_KEYS_TABLE_NAME ?? '';
        await createSeatKeysTable(dynamo.endpoint, seatKeysTable);
        return {
          urls: [
            {
              label: 'dynamodb',
              url: `${dynamo.endpoint} (tables ${config.TABLE_NAME}, ${seatKeysTable})`,
            },
          ],
          child: dynamo.process,
          stop: dynamo.stop,
        };
      },
    },
    {
      name: 'queues',
      async start() {
        const { startQueues } = await import('./queues');
        const queues = await startQueues(ports.SQS_PORT, {
          visibilityTimeoutSeconds: ports.QUEUE_VISIBILITY_TIMEOUT_SECONDS,
        });
        queueUrls = queues.urls;
        // The gateway reads its queues from the environment, as in AWS.
        Object.assign(process.env, {
          SQS_ENDPOINT: queues.endpoint,
          ...Object.fromEntries(
            queueConsumers.map((row) => [queueUrlVariable(row.name), queues.urls[row.name]]),
          ),
        });
        return { urls: [{ label: 'sqs', url: `${queues.endpoint} (emulator)` }], stop: queues.stop };
      },
    },
    {
      name: 'session-provider',
      async start() {
        const { startSessionProviderSimulator } = await import('./simulators/session-provider');
        const server = await startSessionProviderSimulator({
          port: ports.SESSION_PROVIDER_PORT,
          apiKey: config.SESSION_PROVIDER_API_KEY ?? '',
          qrFirstSeconds: ports.SIM_QR_FIRST_SECONDS,
          qrRotateSeconds: ports.SIM_QR_ROTATE_SECONDS,
        });
        process.env['SESSION_PROVIDER_URL'] ??= `http://127.0.0.1:${ports.SESSION_PROVIDER_PORT}`;
        return {
          urls: [
            {
              label: 'sessions',
              url: `http://127.0.0.1:${ports.SESSION_PROVIDER_PORT} (simulator; GET /api/sessions, POST /_sim/...)`,
            },
          ],
          stop: () => closeServer(server),
        };
      },
    },
    {
      name: 'business-provider',
      async start() {
        const { startBusinessProviderSimulator } = await import('./simulators/business-provider');
        const server = await startBusinessProviderSimulator({
          port: ports.BUSINESS_PROVIDER_PORT,
          accessToken: config.WHATSAPP_ACCESS_TOKEN ?? '',
          buttonUrlPrefix: `${config.CONSENT_PAGE_BASE_URL}/c/`,
          // The template as docs/deploy.md has it approved: the first name in the body, the token in the button.
          template: {
            name: config.WHATSAPP_CONSENT_TEMPLATE,
            language: config.WHATSAPP_TEMPLATE_LANGUAGE,
            bodyVariables: 1,
            urlButton: true,
          },
          webhookUrl: `http://127.0.0.1:${ports.GATEWAY_PORT}/webhooks/business-provider`,
          appSecret: config.BUSINESS_PROVIDER_APP_SECRET ?? '',
        });
        return {
          urls: [
            {
              label: 'business',
              url: `http://127.0.0.1:${ports.BUSINESS_PROVIDER_PORT} (simulator; GET /_sim/sent, POST /_sim/receipts, /_sim/next-send)`,
            },
          ],
          stop: () => closeServer(server),
        };
      },
    },
    {
      name: 'proxy-supplier',
      async start() {
        const { startProxySupplierSimulator } = await import('./simulators/proxy-supplier');
        const { startLoopbackProxy } = await import('./simulators/loopback-proxy');
        // Each address sold is a real proxy on loopback, open until the stack stops.
        const sold: { close(): Promise<void> }[] = [];
        const server = await startProxySupplierSimulator({
          port: ports.SUPPLIER_PORT,
          apiKey: config.PROXY_SUPPLIER_KEYS_JSON?.['sim'] ?? '',
          openProxy: async () => {
            const proxy = await startLoopbackProxy();
            sold.push(proxy);
            return proxy.address;
          },
        });
        return {
          urls: [
            {
              label: 'supplier',
              url: `http://127.0.0.1:${ports.SUPPLIER_PORT} (simulator; GET /_sim/orders, POST /_sim/quotes/expire)`,
            },
          ],
          stop: async () => {
            await closeServer(server);
            await Promise.all(sold.map((proxy) => proxy.close()));
          },
        };
      },
    },
    {
      name: 'api',
      async start() {
        // Handlers read their configuration when imported: only now is the environment complete.
        const { loadApiHandlers, startApiServer } = await import('./api-server');
        const api = await startApiServer({ port: ports.API_PORT, handlers: await loadApiHandlers() });
        return {
          urls: [{ label: 'api', url: `http://127.0.0.1:${ports.API_PORT}` }],
          stop: () => closeServer(api),
        };
      },
    },
  ];

  parts.push({
    name: 'relay',
    async start() {
      const { startRelay } = await import('../functions/relay/relay');
      // Its servers and timers run as the relay: its table calls are checked against its grants.
      const relay = await runAs('relay', () => startRelay(parseConfig(process.env)));
      return {
        urls: [{ label: 'relay', url: `http://127.0.0.1:${ports.RELAY_PORT} (SSE)` }],
        stop: () => relay.stop(),
      };
    },
  });

  parts.push({
    name: 'web',
    async start() {
      // The page is built when its build is missing or older than its sources.
      const { ensureConsentPage } = await import('../web/consent-page/build');
      const { startWebServer } = await import('./web-server');
      const page = ensureConsentPage();
      const web = await startWebServer({
        port: ports.WEB_PORT,
        folder: page.folder,
        apiUrl: `http://127.0.0.1:${ports.API_PORT}`,
        relayUrl: `http://127.0.0.1:${ports.RELAY_PORT}`,
      });
      return {
        urls: [{ label: 'web', url: `http://127.0.0.1:${ports.WEB_PORT}/c/{token} (consent page)` }],
        stop: () => closeServer(web),
      };
    },
  });

  parts.push({
    name: 'consumers',
    async start() {
      // The handlers read their configuration when imported, like the API's: only now is it complete.
      const { startConsumers } = await import('./consumers');
      if (queueUrls === undefined) throw new Error('the consumers start after the queues');
      return startConsumers({
        sqsEndpoint: process.env['SQS_ENDPOINT'] ?? '',
        queueUrls,
        dynamo: { endpoint: config.DYNAMODB_ENDPOINT ?? '', tableName: config.TABLE_NAME },
        onError: (row, error) =>
          complain(`${row.name} pass failed: ${error instanceof Error ? error.message : String(error)}`),
      });
    },
  });

  parts.push({
    name: 'gateway',
    async start() {
      const { startGatewayServer } = await import('./gateway-server');
      const gateway = await startGatewayServer(ports.GATEWAY_PORT);
      return {
        urls: [{ label: 'gateway', url: `http://127.0.0.1:${ports.GATEWAY_PORT}` }],
        stop: () => closeServer(gateway),
      };
    },
  });

  for (const part of parts) {
    const running = await part.start();
    started.push(running);
    running.child?.once('exit', (code) => {
      if (stopping) return;
      complain(`${part.name} stopped unexpectedly (${code})`);
      void stopAll(1);
    });
  }
  for (const { label, url } of started.flatMap((part) => part.urls)) say(`${label.padEnd(10)}${url}`);
  say('ready');
} catch (error) {
  complain(`local stack failed to start: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
