import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { loadHasher, loadSecret, type ProviderTokens } from '../../shared/adapters/crypto/service-secrets';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { dynamoRelayRegistry } from '../../shared/adapters/dynamo/relay-registry';
import { dynamoSupplyStore } from '../../shared/adapters/dynamo/supply.store';
import { powertoolsMetrics } from '../../shared/adapters/metrics/powertools-metrics';
import { httpRelayPush } from '../../shared/adapters/relay/http-push';
import type { SendDeps } from '../../shared/app/consent/delivery';
import { failureCauseOf } from '../../shared/app/failure-cause';
import type { AdmissionDeps } from '../../shared/app/history/admission';
import type { RunDeps } from '../../shared/app/history/run';
import type { PairingWorkerDeps } from '../../shared/app/pairing/session-events';
import type { WorkerDeps } from '../../shared/app/session-batch';
import type { BurnDeps } from '../../shared/app/proxies/burn';
import { config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { systemClock } from '../../shared/ports/clock';
import { messageReadingOf } from './analysis';
import { eventBodiesOf } from './event-bodies';
import { historyImportsOf } from './history';
import { serviceLogger } from './logger';
import { mailerOf } from './mail';
import { messengerOf } from './messenger';
import { notifierOf } from './notifier';
import { queueFromChunkOf, queueOf } from './queues';
import { onFirstUse, schedulerOf } from './schedules';
import { sessionEventReader, sessionProviderOf } from './session-provider';
import { useCaseSettingsFrom } from './settings';
import { tableOf } from './table';

/**
 * The composition root of the asynchronous entry points (infra/consumers.ts: the queue workers, the
 * schedule targets and the stream consumers). Configuration is read at start; each row's handler
 * calls the function of this module named for it as it loads, which checks that row's capabilities
 * then, and builds the adapters once per process, on their first use. A piece a row never uses is
 * never read: the sign-in mail worker reads no table, the pause target no provider. Nothing here
 * logs content.
 */
const settings = config();

export const logger = serviceLogger(settings, 'workers');

export { settings };

let made: TableAccess | undefined;

/**
 * The domain's table, made when a row first asks for it. Behind a function, not a top-level call,
 * so the bundles of the rows that never do (the sign-in mail and session-ends workers) carry no
 * table client (docs/start-up.md).
 */
const domainTable = (): TableAccess => (made ??= tableOf(settings));

let tokens: (() => Promise<ProviderTokens>) | undefined;

/** The providers' tokens, read on the first call to a provider (only the rows that call one may read them). */
const providerTokens = (): Promise<ProviderTokens> =>
  (tokens ??= lazy(() => loadSecret('providerTokens', settings)))();

/**
 * What a worker that notifies guardians needs: the family, their notification settings and the
 * notifier. A target that only notifies (the trial-ending schedule, the business events) starts
 * with the base configuration and the notifications capability, without the session provider's or
 * the schedulers' variables.
 */
const notifyingDeps = () => {
  const table = domainTable();
  const notifier = notifierOf(settings, logger);
  return lazy(async () => ({
    clock: systemClock,
    ids: cryptoIds(),
    families: dynamoFamilyStore(table),
    notificationSettings: dynamoNotificationSettings(table),
    notifier,
  }));
};

/** The business events (a status report moves a delivery) and the trial-ending notices. */
export const notifyingWiring = () => ({ deps: notifyingDeps() });

/**
 * What moving a pairing needs (the reconnect target's whole need, the session-events worker's
 * base): the session provider, the sessions it ends, the reconnect schedules (checked at start),
 * the trial-ending notices (read when the first one is scheduled, where trials start), the guardians'
 * notifier, and the history queue, since whoever moves a pairing to its first `paired` admits the
 * warm-up.
 */
const pairingDeps = () => {
  const table = domainTable();
  const sessions = sessionProviderOf(settings, providerTokens);
  const notifier = notifierOf(settings, logger);
  // Locally: timers in this process invoke the reconnect handler the local stack serves.
  const reconnects = schedulerOf('reconnect', settings, 'now', (attempt, error) =>
    logger.error('reconnect.failed', { ...attempt, cause: failureCauseOf(error) }),
  );
  const trialEndings = schedulerOf('trialEnding', settings, 'on first use', (notice, error) =>
    logger.error('trial_ending.failed', { ...notice, cause: failureCauseOf(error) }),
  );
  // Ending a session and admitting an import are rare beside the messages: SQS's code is a chunk.
  const sessionEnds = queueFromChunkOf('sessionEnds', settings, 'on first send');
  const history = historyImportsOf(settings, table, logger, queueFromChunkOf);
  return lazy(async (): Promise<PairingWorkerDeps> => ({
    clock: systemClock,
    hasher: await loadHasher(settings),
    ids: cryptoIds(),
    families: dynamoFamilyStore(table),
    sessions,
    sessionEnds,
    reconnects: onFirstUse(reconnects),
    trialEndings: onFirstUse(trialEndings),
    notifier,
    notificationSettings: dynamoNotificationSettings(table),
    settings: useCaseSettingsFrom(settings),
    ...history,
  }));
};

/** The reconnect target: moving pairings. */
export const reconnectWiring = () => ({ deps: pairingDeps() });

/**
 * The session-events worker: moving pairings and reading messages (only it and the import worker
 * read them: the seat keys and the analyzer), how the provider's bodies read, and the bodies the
 * gateway kept aside for being too large for a queue message (read, then removed once handled).
 */
export const sessionEventsWiring = () => {
  const pairing = pairingDeps();
  const reading = messageReadingOf(settings, domainTable());
  return {
    deps: lazy(async (): Promise<WorkerDeps> => ({ ...(await pairing()), ...(await reading()) })),
    eventBodies: eventBodiesOf(settings),
    readProviderEvent: sessionEventReader,
  };
};

/**
 * The history import's schedule targets: the family, the guardians' notifier (a freed slot may
 * offer the next import) and the queue with its schedules and worker queue. No session provider: a
 * check moves the queue, it reads no history.
 */
const historyCheckDeps = () => {
  const notifying = notifyingDeps();
  const history = historyImportsOf(settings, domainTable(), logger, queueOf);
  return lazy(async (): Promise<AdmissionDeps> => ({
    ...(await notifying()),
    settings: useCaseSettingsFrom(settings),
    ...history,
  }));
};

/** The history import's schedule targets; the admission sweep reports the slots held as a metric. */
export const historyChecksWiring = () => ({ deps: historyCheckDeps(), metrics: powertoolsMetrics() });

/**
 * The import worker: moving the queue, reading the provider's history (every call with the history
 * reads' budget), sealing and analysing it. No reconnects, no queued bodies.
 */
export const historyImportWiring = () => {
  const checks = historyCheckDeps();
  const sessions = sessionProviderOf(settings, providerTokens, settings.HISTORY_PROVIDER_TIMEOUT_MS);
  const reading = messageReadingOf(settings, domainTable());
  return {
    deps: lazy(async (): Promise<RunDeps> => ({
      ...(await checks()),
      hasher: await loadHasher(settings),
      sessions,
      ...(await reading()),
    })),
  };
};

/**
 * The consent-link sender: the business provider's messenger, and its own queue (a temporary
 * refusal comes back as a new, delayed message).
 */
export const consentSendsWiring = () => {
  const notifying = notifyingDeps();
  const messenger = messengerOf(settings, providerTokens);
  const consentSends = queueOf('consentSends', settings, 'now');
  return {
    deps: lazy(async (): Promise<SendDeps> => {
      const [hasher, whatsapp] = await Promise.all([loadHasher(settings), messenger()]);
      return {
        ...(await notifying()),
        hasher,
        messenger: whatsapp,
        consentSends,
        settings: useCaseSettingsFrom(settings),
      };
    }),
  };
};

/** The burn worker: the pool, the session provider (it moves sessions) and the sessions it ends. */
export const proxyBurnsWiring = () => {
  const notifying = notifyingDeps();
  const table = domainTable();
  const sessions = sessionProviderOf(settings, providerTokens);
  const sessionEnds = queueOf('sessionEnds', settings, 'on first send');
  return {
    deps: lazy(async (): Promise<BurnDeps> => ({
      ...(await notifying()),
      proxies: dynamoProxyPool(table, settings.PROXIES_JSON),
      sessions,
      sessionEnds,
      settings: useCaseSettingsFrom(settings),
    })),
  };
};

/** The session-ends worker: the session provider only (no table). */
export const sessionEndsWiring = () => ({ deps: { sessions: sessionProviderOf(settings, providerTokens) } });

/** The sign-in mail sender: the mailer only (no table, no secrets). */
export const signInMailsWiring = () => ({ deps: { clock: systemClock, mailer: mailerOf(settings) } });

/** The pause-resume target: the table only (it neither talks to providers nor notifies anyone). */
export const pauseResumeWiring = () => ({
  deps: { clock: systemClock, ids: cryptoIds(), families: dynamoFamilyStore(domainTable()) },
});

/**
 * The daily supply check: the table only (audit entries, the pool its valid orders' proxies go
 * to). It calls no supplier, so it never reads their keys.
 */
export const supplyExpiryWiring = () => {
  const table = domainTable();
  return {
    deps: {
      clock: systemClock,
      ids: cryptoIds(),
      supply: dynamoSupplyStore(table),
      pool: dynamoProxyPool(table),
      proxyCapacity: settings.SUPPLIED_PROXY_CAPACITY,
    },
  };
};

/**
 * The table stream's fan-out: the relay tasks' registry and their push port (with the hash key that
 * signs a push), and the business metrics it counts; the stream consumers log as the stream.
 */
export const eventFanOutWiring = () => {
  const table = domainTable();
  return {
    logger: serviceLogger(settings, 'stream'),
    metrics: powertoolsMetrics(),
    deps: lazy(async () => ({
      registry: dynamoRelayRegistry(table),
      push: httpRelayPush(await loadHasher(settings)),
    })),
  };
};

/** The crypto-shredding stream consumer: the seats' message partitions only. */
export const contentShreddingWiring = () => ({
  logger: serviceLogger(settings, 'stream'),
  messages: dynamoMessageStore(domainTable()),
});
