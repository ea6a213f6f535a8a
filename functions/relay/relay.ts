import { loggableError } from '../../shared/http/error-envelope.middleware';
import { Logger } from '@aws-lambda-powertools/logger';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { loadHasher } from '../../shared/adapters/crypto/service-secrets';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoEventLog, dynamoTicketStore } from '../../shared/adapters/dynamo/event-log';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoRateLimiter } from '../../shared/adapters/dynamo/rate-limiter';
import { dynamoRelayRegistry } from '../../shared/adapters/dynamo/relay-registry';
import type { Config } from '../../shared/config/config';
import { clientIpTrust } from '../../shared/http/client-ip';
import { systemClock } from '../../shared/ports/clock';
import { createHub } from '../../shared/app/events/hub';
import { startPushServer } from './push-server';
import { startRelayServer } from './server';
import { powertoolsMetrics, publishMetrics } from '../../shared/adapters/metrics/powertools-metrics';

/** Where this task's push endpoint is reached: set, or (on Fargate) the task's private address. */
const pushEndpoint = async (settings: Config): Promise<string> => {
  if (settings.RELAY_PUSH_ENDPOINT !== undefined) return settings.RELAY_PUSH_ENDPOINT;
  const metadata = process.env['ECS_CONTAINER_METADATA_URI_V4'];
  if (metadata === undefined) return `http://127.0.0.1:${settings.RELAY_PUSH_PORT}`;
  const task = (await (await fetch(`${metadata}/task`)).json()) as {
    Containers?: { Networks?: { IPv4Addresses?: string[] }[] }[];
  };
  const ip = task.Containers?.[0]?.Networks?.[0]?.IPv4Addresses?.[0];
  if (ip === undefined) throw new Error('no private address in the task metadata');
  return `http://${ip}:${settings.RELAY_PUSH_PORT}`;
};

/**
 * The SSE relay as one process (a Fargate task in AWS, part of `npm start` locally): the public
 * server, the private push server, the hub, and the ping that also heals missed pushes.
 */
export const startRelay = async (settings: Config) => {
  // Behind the load balancer; a CloudFront in front would bring its origin secret as an ECS secret.
  const ipTrust = clientIpTrust(settings, settings.CLOUDFRONT_ORIGIN_SECRET);
  const logger = new Logger({ serviceName: 'family-protection-relay', logLevel: settings.LOG_LEVEL });
  const table = createTableAccess({
    tableName: settings.TABLE_NAME,
    region: settings.AWS_REGION,
    endpoint: settings.DYNAMODB_ENDPOINT,
  });
  // On Fargate the task receives the key itself (`HASH_KEY`, an ECS secret from the hash key's own
  // secret); elsewhere it comes as for the functions.
  const hasher = await loadHasher(settings);
  const eventLog = dynamoEventLog(table);
  // The error's name and frames, never its message (an SDK's can echo request data).
  const onError = (error: unknown) =>
    logger.error('relay.error', { error: loggableError(error) ?? 'not an error' });
  const hub = createHub({
    eventLog,
    registry: dynamoRelayRegistry(table),
    taskId: cryptoIds().ulid(),
    endpoint: await pushEndpoint(settings),
    settleMs: settings.RELAY_SETTLE_MS,
    onError,
  });
  const deps = {
    families: dynamoFamilyStore(table),
    hasher,
    clock: systemClock,
    tickets: dynamoTicketStore(table),
    rateLimiter: dynamoRateLimiter(table, hasher, systemClock),
  };
  const host = settings.RELAY_HOST;
  const servers = [
    await startRelayServer({
      port: settings.RELAY_PORT,
      host,
      deps,
      hub,
      latestId: eventLog.latestId,
      clientIpTrust: ipTrust,
      maxStreamMs: settings.SSE_MAX_STREAM_SECONDS * 1000,
      caps: {
        headsPerSource: settings.RELAY_HEADS_PER_SOURCE,
        streamsPerClient: settings.RELAY_STREAMS_PER_CLIENT,
      },
      onError,
    }),
    await startPushServer({ port: settings.RELAY_PUSH_PORT, host, deps, hub }),
  ];
  const ping = setInterval(() => void hub.tick().catch(onError), settings.SSE_PING_SECONDS * 1000);
  const refresh = setInterval(() => void hub.refreshRegistrations().catch(onError), 60_000);
  // The streams this task holds, once a minute as an EMF line (its log group makes it a metric):
  // summed over the tasks, what the connections alarm watches.
  const metrics = powertoolsMetrics();
  const count = setInterval(() => {
    metrics.level('RelayConnections', hub.connections());
    publishMetrics();
  }, 60_000);
  return {
    hub,
    /** Graceful: clients are told to reconnect, registrations removed, servers closed. */
    async stop() {
      clearInterval(ping);
      clearInterval(refresh);
      clearInterval(count);
      await hub.shutdown();
      await Promise.all(servers.map((server) => server.close()));
    },
  };
};
