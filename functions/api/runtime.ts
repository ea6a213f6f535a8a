import { Logger } from '@aws-lambda-powertools/logger';
import { config, configFor } from '../../shared/config/config';
import { httpRegistry } from '../../shared/adapters/consent/http-registry';
import { sandboxRegistry } from '../../shared/adapters/consent/sandbox-registry';
import type { Deps, Settings } from '../../shared/app/deps';
import { joseAccessTokens, verificationKeys } from '../../shared/adapters/auth/jose-access-tokens';
import { cryptoIds, cryptoSecrets } from '../../shared/adapters/crypto/node-crypto';
import { loadHasher, loadSecret, requireSecret } from '../../shared/adapters/crypto/service-secrets';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoAlertStore } from '../../shared/adapters/dynamo/alert.store';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { dynamoOtpStore } from '../../shared/adapters/dynamo/otp.store';
import { dynamoRateLimiter } from '../../shared/adapters/dynamo/rate-limiter';
import { dynamoUserStore } from '../../shared/adapters/dynamo/user.store';
import { systemClock } from '../../shared/ports/clock';
import { dynamoInbox } from '../../shared/adapters/dynamo/inbox.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { dynamoTicketStore } from '../../shared/adapters/dynamo/event-log';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { lazy } from '../../shared/lazy';
import { powertoolsMetrics } from '../../shared/adapters/metrics/powertools-metrics';
import { sqsClient } from '../../shared/adapters/sqs/sqs-client';
import { sqsQueue } from '../../shared/adapters/sqs/sqs-queue';
import { useCaseSettingsFrom } from '../use-case-settings';

/**
 * The composition root of the API functions: configuration is parsed when the module loads (a bad
 * or missing value stops the cold start), adapters are built once per process and shared by every
 * request. A group's own capabilities are checked by its own modules (seat-keys.ts, auth/sign-in-mails.ts,
 * evidence/deps.ts, session-deps.ts), which only that group loads.
 */
const settings = config();
const { relationshipRegistry: registry } = configFor('relationshipRegistry');

export const logger = new Logger({
  serviceName: 'family-protection',
  logLevel: settings.LOG_LEVEL,
  persistentKeys: { stage: settings.STAGE },
});

export const table = createTableAccess({
  tableName: settings.TABLE_NAME,
  region: settings.AWS_REGION,
  endpoint: settings.DYNAMODB_ENDPOINT,
});

export const useCaseSettings: Settings = useCaseSettingsFrom(settings);

/**
 * The providers' tokens, read on the first call to a provider: only the groups that call one may
 * read their secret (infra/group-access.ts, `groupAccess`).
 */
export const providerTokens = lazy(() => loadSecret('providerTokens', settings));

const relationshipRegistry = lazy(async () =>
  registry.RELATIONSHIP_REGISTRY === 'sandbox'
    ? sandboxRegistry
    : httpRegistry({
        baseUrl: registry.RELATIONSHIP_REGISTRY_URL,
        token: requireSecret(await providerTokens(), 'relationshipRegistryToken'),
      }),
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

/**
 * What every API group uses. The sign-in outbox is the auth group's own
 * (functions/api/auth/sign-in-mails.ts) and
 * the evidence checks the evidence group's (functions/api/evidence/deps.ts); seat keys are made by
 * the seats and consent groups and opened by the alerts group for an excerpt
 * (functions/api/seat-keys.ts), and only the pairing and consent groups talk to the session
 * provider and send e-mail and push (functions/api/session-deps.ts); the accounts group registers
 * devices' push endpoints (functions/api/push-registry.ts).
 */
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
>;

/**
 * Consent links go out through their worker's queue (infra/consumers.ts, `consentSends`); only the
 * groups that ask for consent send to it, so its URL is read when the first send is queued.
 */
const consentSends = lazy(async () =>
  sqsQueue(sqsClient(settings), configFor('consentSendsQueue').consentSendsQueue.CONSENT_SENDS_QUEUE_URL),
);

/**
 * A pairing start asks the session events' worker to catch up with the provider (its queue row's
 * `apiProducers`): only the pairing group sends there, so its URL is read at the first start.
 */
const sessionEvents = lazy(async () =>
  sqsQueue(sqsClient(settings), configFor('sessionEventsQueue').sessionEventsQueue.SESSION_EVENTS_QUEUE_URL),
);

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
    consentSends: { send: async (messages) => (await consentSends()).send(messages) },
    sessionEvents: { send: async (messages) => (await sessionEvents()).send(messages) },
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
