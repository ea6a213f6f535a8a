import { Logger } from '@aws-lambda-powertools/logger';
import { config, ConfigError } from '../../shared/config/config';
import { httpRegistry } from '../../shared/adapters/consent/http-registry';
import { sandboxRegistry } from '../../shared/adapters/consent/sandbox-registry';
import { whatsappMessenger } from '../../shared/adapters/consent/whatsapp-messenger';
import type { Deps, Settings } from '../../shared/app/deps';
import { joseAccessTokens } from '../../shared/adapters/auth/jose-access-tokens';
import { cryptoIds, cryptoSecrets, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { loadServiceSecrets } from '../../shared/adapters/crypto/service-secrets';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoOtpStore } from '../../shared/adapters/dynamo/otp.store';
import { dynamoRateLimiter } from '../../shared/adapters/dynamo/rate-limiter';
import { dynamoUserStore } from '../../shared/adapters/dynamo/user.store';
import { systemClock } from '../../shared/ports/clock';
import { dynamoInbox } from '../../shared/adapters/dynamo/inbox.store';
import { dynamoTicketStore } from '../../shared/adapters/dynamo/event-log';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { configuredSessionProvider } from '../session-provider';
import { useCaseSettingsFrom } from '../use-case-settings';

/**
 * The composition root of the API functions: configuration is parsed when the module loads (a bad
 * value stops the cold start), adapters are built once per process and shared by every request.
 */
const settings = config();

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

export const required = (name: string, value: string | undefined): string => {
  if (value === undefined) throw new ConfigError(`Invalid configuration: ${name} must be set`);
  return value;
};

const relationshipRegistry = (token: string | undefined) =>
  settings.RELATIONSHIP_REGISTRY === 'sandbox'
    ? sandboxRegistry
    : httpRegistry({
        baseUrl: required('RELATIONSHIP_REGISTRY_URL', settings.RELATIONSHIP_REGISTRY_URL),
        token: required('relationshipRegistryToken (or RELATIONSHIP_REGISTRY_TOKEN)', token),
      });

/**
 * What every API group uses. The mailer is the auth group's own (functions/api/auth/mailer.ts) and
 * the evidence checks the evidence group's (functions/api/evidence/deps.ts); seat keys are made by
 * the seats group alone (functions/api/seats/seat-keys.ts).
 */
export type ApiDeps = Omit<
  Deps,
  'mailer' | 'faces' | 'speech' | 'evidence' | 'seatKeys' | 'reconnects' | 'notifier' | 'history' | 'eventLog'
>;

let building: Promise<ApiDeps> | undefined;

/** Everything the use cases need; secrets are fetched once, on the first request that needs them. */
export const deps = (): Promise<ApiDeps> =>
  (building ??= (async () => {
    const secrets = await loadServiceSecrets(settings);
    const hasher = hmacHasher(secrets.hashKey);
    return {
      clock: systemClock,
      ids: cryptoIds(),
      hasher,
      secrets: cryptoSecrets,
      tokens: await joseAccessTokens({
        privateJwk: secrets.jwtPrivateJwk,
        issuer: settings.JWT_ISSUER,
        audience: settings.JWT_AUDIENCE,
        ttlSeconds: settings.JWT_ACCESS_TTL_SECONDS,
      }),
      users: dynamoUserStore(table),
      families: dynamoFamilyStore(table),
      otp: dynamoOtpStore(table),
      rateLimiter: dynamoRateLimiter(table, hasher, systemClock),
      relationships: relationshipRegistry(secrets.relationshipRegistryToken),
      messenger: whatsappMessenger({
        apiBaseUrl: settings.WHATSAPP_API_BASE_URL,
        phoneNumberId: required('WHATSAPP_PHONE_NUMBER_ID', settings.WHATSAPP_PHONE_NUMBER_ID),
        accessToken: required('whatsappAccessToken (or WHATSAPP_ACCESS_TOKEN)', secrets.whatsappAccessToken),
        templateName: settings.WHATSAPP_CONSENT_TEMPLATE,
        languageCode: settings.WHATSAPP_TEMPLATE_LANGUAGE,
      }),
      sessions: configuredSessionProvider(settings, secrets.sessionProviderApiKey),
      proxies: dynamoProxyPool(table, settings.PROXIES_JSON),
      inbox: dynamoInbox(table),
      tickets: dynamoTicketStore(table),
      settings: useCaseSettings,
    };
  })().catch((error: unknown) => {
    building = undefined;
    throw error;
  }));

export { settings };
