import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '../../shared/config/config';
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
  prices: { seat: settings.PRICE_SEAT_MINOR, 'channel.chat': settings.PRICE_CHANNEL_CHAT_MINOR },
  rates: {
    otpRequestPerEmail: settings.RATE_OTP_REQUEST_PER_EMAIL,
    otpRequestPerIp: settings.RATE_OTP_REQUEST_PER_IP,
    otpResendPerLink: settings.RATE_OTP_RESEND_PER_LINK,
    otpVerifyPerIp: settings.RATE_OTP_VERIFY_PER_IP,
  },
};

/** What every API group uses; the mailer is the auth group's own (functions/api/auth/mailer.ts). */
export type ApiDeps = Omit<Deps, 'mailer'>;

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
      settings: useCaseSettings,
    };
  })().catch((error: unknown) => {
    building = undefined;
    throw error;
  }));

export { settings };
