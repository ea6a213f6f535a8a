import { joseAccessTokens, verificationKeys } from '../../shared/adapters/auth/jose-access-tokens';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, cryptoSecrets } from '../../shared/adapters/crypto/node-crypto';
import { loadHasher, loadSecret } from '../../shared/adapters/crypto/service-secrets';
import { dynamoAlertStore } from '../../shared/adapters/dynamo/alert.store';
import { dynamoBackofficeLists } from '../../shared/adapters/dynamo/backoffice-lists.store';
import { dynamoTicketStore } from '../../shared/adapters/dynamo/event-log';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { tableProbes } from '../../shared/adapters/dynamo/health.probes';
import { dynamoInbox } from '../../shared/adapters/dynamo/inbox.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { dynamoOtpStore } from '../../shared/adapters/dynamo/otp.store';
import { readOverviewCounts } from '../../shared/adapters/dynamo/overview.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { dynamoRateLimiter } from '../../shared/adapters/dynamo/rate-limiter';
import { dynamoSupplyStore } from '../../shared/adapters/dynamo/supply.store';
import { dynamoUserStore } from '../../shared/adapters/dynamo/user.store';
import { powertoolsMetrics } from '../../shared/adapters/metrics/powertools-metrics';
import { peerPolicy } from '../../shared/adapters/net/public-address';
import { httpConnectProxyCheck } from '../../shared/adapters/proxy-check/http-connect';
import { httpProxySuppliers } from '../../shared/adapters/proxy-supplier/http-supplier';
import { loadSupplierKeys } from '../../shared/adapters/proxy-supplier/supplier-keys';
import { sqsQueueDepths } from '../../shared/adapters/sqs/queue-depths';
import type { Deps } from '../../shared/app/deps';
import { failureCauseOf } from '../../shared/app/failure-cause';
import type { AdmissionDeps } from '../../shared/app/history/admission';
import type { OperatorDeps } from '../../shared/app/operators/operators';
import type { ProxyAdminDeps } from '../../shared/app/proxies/pool';
import type { SupplyDeps } from '../../shared/app/supply/supply';
import { apiClientIp } from '../../shared/http/client-ip';
import { config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { systemClock } from '../../shared/ports/clock';
import type { SignInOutbox } from '../../shared/ports/mailer';
import { evidenceChecksOf, type EvidenceChecks } from './evidence';
import { historyImportsOf } from './history';
import { serviceLogger } from './logger';
import { notifierOf, pushRegistryOf } from './notifier';
import { operatorAccessOf, operatorDirectoryOf } from './operators';
import { queueFromChunkOf, queueOf, queueUrl, sqs, type QueueMaker } from './queues';
import { relationshipRegistryOf } from './relationships';
import { schedulerOf } from './schedules';
import { deviceKeysOf, kmsChunk, seatKeysOf, wrappedKeysOf } from './seat-keys';
import { sessionProviderOf } from './session-provider';
import { useCaseSettingsFrom } from './settings';
import { tableOf } from './table';

/**
 * The composition root of the API functions: configuration is parsed when the module loads (a bad
 * or missing value stops the cold start), adapters are built once per process and shared by every
 * request. What only some groups use is assembled by a function of this module named for the
 * group, which that group's handler calls as it loads: so each group checks its own capabilities at
 * its cold start, and no other group reads them (infra/group-access.ts gives each only its own).
 */
const settings = config();

export const logger = serviceLogger(settings, 'api');

const table = tableOf(settings);

export const useCaseSettings = useCaseSettingsFrom(settings);

/**
 * The providers' tokens, read on the first call to a provider: only the groups that call one may
 * read their secret (infra/group-access.ts, `groupAccess`).
 */
const providerTokens = lazy(() => loadSecret('providerTokens', settings));

const relationshipRegistry = relationshipRegistryOf(providerTokens);

/**
 * Each request's client address; the CloudFront origin secret is read on first use, and only
 * where CloudFront fronts the API.
 */
export const clientIp = apiClientIp(
  settings,
  async () => (await loadSecret('originSecret', settings)).cloudFrontOriginSecret,
);

/**
 * Access tokens: every group verifies them with the public keys (no secret); only the auth group,
 * the one that issues them, reads the signing key's secret, when it issues one.
 */
export const tokens = lazy(async () =>
  joseAccessTokens({
    signingJwk: async () => (await loadSecret('signingKey', settings)).jwtPrivateJwk,
    verificationKeys: verificationKeys(settings),
    issuer: settings.JWT_ISSUER,
    audience: settings.JWT_AUDIENCE,
    ttlSeconds: settings.JWT_ACCESS_TTL_SECONDS,
  }),
);

/** What every API group uses; a group's own pieces come from its function below. */
export type ApiDeps = Omit<
  Deps,
  | 'mailer'
  | 'signInMails'
  | 'faces'
  | 'speech'
  | 'evidence'
  | 'seatKeys'
  | 'wrappedKeys'
  | 'sessions'
  | 'sessionEnds'
  | 'reconnects'
  | 'pauseResumes'
  | 'trialEndings'
  | 'historyQueue'
  | 'historyOffers'
  | 'historyStuckChecks'
  | 'historyWork'
  | 'notifier'
  | 'pushRegistry'
  | 'analyzer'
  | 'eventLog'
  | 'messenger'
  | 'consentSends'
  | 'sessionEvents'
>;

/** Everything the use cases need, built on the first request. */
export const deps = lazy(async (): Promise<ApiDeps> => {
  const hasher = await loadHasher(settings);
  return {
    clock: systemClock,
    ids: cryptoIds(),
    hasher,
    secrets: cryptoSecrets,
    // Built on first use: a stage without verification keys fails only what needs a token.
    tokens: {
      issue: async (userUid, now) => (await tokens()).issue(userUid, now),
      verify: async (token) => (await tokens()).verify(token),
    },
    users: dynamoUserStore(table),
    // The seats and consent groups make and destroy seat keys: their wrapped copies go with the seat.
    families: dynamoFamilyStore(table, { seatKeysTable: settings.SEAT_KEYS_TABLE_NAME }),
    otp: dynamoOtpStore(table),
    rateLimiter: dynamoRateLimiter(table, hasher, systemClock),
    relationships: { check: async (input) => (await relationshipRegistry()).check(input) },
    proxies: dynamoProxyPool(table, settings.PROXIES_JSON),
    inbox: dynamoInbox(table),
    notificationSettings: dynamoNotificationSettings(table),
    alerts: dynamoAlertStore(table),
    messages: dynamoMessageStore(table),
    contentSeal: aesGcmContentSeal,
    tickets: dynamoTicketStore(table),
    metrics: powertoolsMetrics(),
    settings: useCaseSettings,
  };
});

export { settings };

/** The health group's probes: the table answers a read. */
export const healthWiring = () => ({ probes: tableProbes(table) });

/**
 * The auth group's outbox: each sign-in request's letter goes to the sign-in mail worker's queue
 * (infra/consumers.ts, `signInMails`) and is sent after the answer, so no request waits for a mail.
 */
export const authWiring = (): { signInMails: SignInOutbox } => {
  const queue = queueOf('signInMails', settings, 'now');
  return { signInMails: { post: (letter) => queue.send([{ body: JSON.stringify(letter) }]) } };
};

/**
 * The accounts group's devices: the push platform (`POST /me/devices` registers endpoints), and the
 * device key's data keys to wrap their tokens with. It never holds the seat key, so registering a
 * device opens no one's content.
 */
export const accountsWiring = () => ({
  pushRegistry: pushRegistryOf(settings),
  deviceKeys: deviceKeysOf(settings),
});

/**
 * The seats group: seat keys made at activation, and the schedules that end pauses (EventBridge
 * Scheduler in AWS, the embedded scheduler of the local stack's process locally).
 */
export const seatsWiring = () => ({
  consentSends: queueOf('consentSends', settings, 'on first send'),
  seatKeys: seatKeysOf(settings, kmsChunk),
  pauseResumes: schedulerOf('pauseResume', settings, 'now', (end, error) =>
    logger.error('pause.end_failed', { ...end, cause: failureCauseOf(error) }),
  ),
});

/** The alerts group: an excerpt opens its seat's key, whose wrapped copy is in the seat keys' table. */
export const alertsWiring = () => ({
  seatKeys: seatKeysOf(settings, kmsChunk),
  wrappedKeys: wrappedKeysOf(table),
});

/** The evidence group's checks and store (./evidence.ts). */
export const evidenceWiring = (): { evidenceDeps: EvidenceChecks } => ({
  evidenceDeps: evidenceChecksOf(settings),
});

/**
 * The groups that talk to the session provider (pairing, consent for the person's stop, admin for a
 * pairing's reset) and notify guardians of what they change: only they are given those variables,
 * checked as they start. The sessions they end go to the session-ends worker's queue, made by the
 * group's `queues`.
 */
const sessionDeps = (queues: QueueMaker) => {
  const sessions = sessionProviderOf(settings, providerTokens);
  const notifier = notifierOf(settings, logger);
  const sessionEnds = queues('sessionEnds', settings, 'on first send');
  return lazy(async () => ({ ...(await deps()), sessions, sessionEnds, notifier }));
};

/**
 * The pairing group: the session provider, the guardians' notifier, the session-ends queue, and the
 * session events' queue (a pairing's start asks the worker to catch up with the provider: that
 * queue row's `apiProducers`).
 */
export const pairingWiring = () => {
  const session = sessionDeps(queueOf);
  const sessionEvents = queueOf('sessionEvents', settings, 'on first send');
  return { deps: lazy(async () => ({ ...(await session()), sessionEvents })) };
};

/** The consent group: the session provider (a person's stop), and seat keys made at a new consent. */
export const consentWiring = () => ({
  // A person's stop ends their session, seldom beside the page's loads: SQS's code is a chunk.
  deps: sessionDeps(queueFromChunkOf),
  seatKeys: seatKeysOf(settings, kmsChunk),
});

/**
 * The history group: the queue, its schedules and the worker's queue (an admission may start an
 * import or offer a slot), and the guardians' notifier (`history.offered`).
 */
export const historyWiring = () => {
  const history = historyImportsOf(settings, table, logger, queueOf);
  const notifier = notifierOf(settings, logger);
  return {
    deps: lazy(async (): Promise<AdmissionDeps & ApiDeps> => ({
      ...(await deps()),
      ...history,
      notifier,
    })),
  };
};

/**
 * The backoffice: operators' tokens, the roster and their directory, the overview, lists and queue
 * depths; the proxy pool's routes (the pool seeded from `PROXIES_JSON` on first use, the check a new
 * address must pass, the burn worker's queue, read on the first burn); and a pairing's reset, which
 * talks to the session provider.
 */
export const adminWiring = () => {
  const ids = cryptoIds();
  const operatorDeps: OperatorDeps = {
    clock: systemClock,
    ids,
    ...operatorAccessOf(table),
    overview: { read: () => readOverviewCounts(table) },
    lists: dynamoBackofficeLists(table),
    queues: sqsQueueDepths(sqs(settings), {
      sessionEvents: queueUrl('sessionEvents'),
      businessEvents: queueUrl('businessEvents'),
    }),
    directory: operatorDirectoryOf(settings),
  };
  const proxyAdminDeps: ProxyAdminDeps = {
    clock: systemClock,
    ids,
    proxies: dynamoProxyPool(table, settings.PROXIES_JSON),
    proxyCheck: httpConnectProxyCheck({
      target: settings.PROXY_CHECK_TARGET,
      timeoutMs: settings.PROXY_CHECK_TIMEOUT_MS,
      ...peerPolicy(settings),
    }),
    proxyBurns: queueOf('proxyBurns', settings, 'on first send'),
  };
  return { sessionDeps: sessionDeps(queueOf), operatorDeps, proxyAdminDeps };
};

/**
 * The proxy supply's own function: operators' tokens and the roster (who may call), the audit
 * trail, the supply's records, the pool its orders add to, and the suppliers with their keys (the
 * supplier secret only this group and the expiry check may read), read on first use.
 */
export const supplyWiring = (): {
  supplyDeps: SupplyDeps & Pick<OperatorDeps, 'operatorTokens' | 'roster' | 'auditTrail'>;
} => ({
  supplyDeps: {
    clock: systemClock,
    ids: cryptoIds(),
    ...operatorAccessOf(table),
    supply: dynamoSupplyStore(table),
    suppliers: httpProxySuppliers(
      lazy(() => loadSupplierKeys(settings)),
      settings.PROXY_SUPPLIER_TIMEOUT_MS,
    ),
    catalog: settings.PROXY_SUPPLIERS_JSON,
    proxyCapacity: settings.SUPPLIED_PROXY_CAPACITY,
    pool: dynamoProxyPool(table, settings.PROXIES_JSON),
  },
});
