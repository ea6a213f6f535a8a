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

export const useCaseSettings: Settings = {
  otpTtlSeconds: settings.OTP_TTL_SECONDS,
  otpLinkTtlSeconds: settings.OTP_LINK_TTL_SECONDS,
  otpMaxAttempts: settings.OTP_MAX_ATTEMPTS,
  otpLinkBaseUrl: settings.OTP_LINK_BASE_URL,
  trialDays: settings.TRIAL_DAYS,
  consent: {
    linkTtlSeconds: settings.CONSENT_LINK_TTL_SECONDS,
    resendWaitSeconds: settings.CONSENT_RESEND_WAIT_SECONDS,
    pageBaseUrl: settings.CONSENT_PAGE_BASE_URL,
  },
  campaigns: settings.CAMPAIGNS_JSON,
  consentRates: {
    readPerLink: settings.RATE_CONSENT_READ_PER_LINK,
    readPerIp: settings.RATE_CONSENT_READ_PER_IP,
    writePerLink: settings.RATE_CONSENT_WRITE_PER_LINK,
    writePerIp: settings.RATE_CONSENT_WRITE_PER_IP,
    evidencePerLink: settings.RATE_EVIDENCE_PER_LINK,
    evidencePerIp: settings.RATE_EVIDENCE_PER_IP,
  },
  prices: { seat: settings.PRICE_SEAT_MINOR, 'channel.chat': settings.PRICE_CHANNEL_CHAT_MINOR },
  rates: {
    otpRequestPerEmail: settings.RATE_OTP_REQUEST_PER_EMAIL,
    otpRequestPerIp: settings.RATE_OTP_REQUEST_PER_IP,
    otpResendPerLink: settings.RATE_OTP_RESEND_PER_LINK,
    otpVerifyPerIp: settings.RATE_OTP_VERIFY_PER_IP,
  },
};

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
export type ApiDeps = Omit<Deps, 'mailer' | 'faces' | 'speech' | 'evidence' | 'seatKeys'>;

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
      settings: useCaseSettings,
    };
  })().catch((error: unknown) => {
    building = undefined;
    throw error;
  }));

export { settings };
