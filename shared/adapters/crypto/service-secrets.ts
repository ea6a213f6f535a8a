import * as z from '../../validation/z';
import { ConfigError, type Config } from '../../config/config';

/** The service's two secrets: the ES256 signing key (JWK) and the key of every keyed hash. */
const serviceSecrets = z.object({
  jwtPrivateJwk: z.looseObject({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
    d: z.string(),
  }),
  hashKey: z.string().check(z.minLength(16)),
  whatsappAccessToken: z.optional(z.string().check(z.minLength(1))),
  relationshipRegistryToken: z.optional(z.string().check(z.minLength(1))),
  sessionProviderApiKey: z.optional(z.string().check(z.minLength(8))),
  /** Only when CloudFront fronts the API: the value of its origin header. */
  cloudFrontOriginSecret: z.optional(z.string().check(z.minLength(16))),
});
export type ServiceSecrets = z.infer<typeof serviceSecrets>;

const parseJson = (name: string, value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    throw new ConfigError(`Invalid configuration: ${name}: must be JSON`);
  }
};

/** One secret's string, through the AWS Parameters and Secrets Lambda Extension (local HTTP, cached). */
export const readSecret = async (
  config: Config,
  secretId: string,
  fetchSecret: typeof fetch = fetch,
): Promise<string> => {
  const url = `http://localhost:${config.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`;
  const response = await fetchSecret(url, {
    headers: { 'X-Aws-Parameters-Secrets-Token': config.AWS_SESSION_TOKEN ?? '' },
  });
  if (!response.ok) throw new Error(`secrets extension answered ${response.status}`);
  return z.object({ SecretString: z.string() }).parse(await response.json()).SecretString;
};

/**
 * In AWS the secrets come from Secrets Manager (`SECRETS_ARN`) through the AWS Parameters and
 * Secrets Lambda Extension: one local HTTP call, cached by the extension, and no Secrets Manager
 * SDK in the bundle. Locally they come from `JWT_PRIVATE_JWK` and `HASH_KEY`, which only the local
 * stack's own configuration provides.
 */
export const loadServiceSecrets = async (
  config: Config,
  fetchSecret: typeof fetch = fetch,
): Promise<ServiceSecrets> => {
  if (config.SECRETS_ARN !== undefined) {
    return serviceSecrets.parse(
      parseJson('SECRETS_ARN', await readSecret(config, config.SECRETS_ARN, fetchSecret)),
    );
  }
  if (config.JWT_PRIVATE_JWK === undefined || config.HASH_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration: SECRETS_ARN, or both JWT_PRIVATE_JWK and HASH_KEY, must be set',
    );
  }
  const parsed = serviceSecrets.safeParse({
    jwtPrivateJwk: parseJson('JWT_PRIVATE_JWK', config.JWT_PRIVATE_JWK),
    hashKey: config.HASH_KEY,
    ...(config.WHATSAPP_ACCESS_TOKEN === undefined
      ? {}
      : { whatsappAccessToken: config.WHATSAPP_ACCESS_TOKEN }),
    ...(config.RELATIONSHIP_REGISTRY_TOKEN === undefined
      ? {}
      : { relationshipRegistryToken: config.RELATIONSHIP_REGISTRY_TOKEN }),
    ...(config.SESSION_PROVIDER_API_KEY === undefined
      ? {}
      : { sessionProviderApiKey: config.SESSION_PROVIDER_API_KEY }),
    ...(config.CLOUDFRONT_ORIGIN_SECRET === undefined
      ? {}
      : { cloudFrontOriginSecret: config.CLOUDFRONT_ORIGIN_SECRET }),
  });
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid configuration: JWT_PRIVATE_JWK: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
};

/** Where each optional secret comes from locally; in AWS it is the key of that name in its secret. */
const localNames = {
  whatsappAccessToken: 'WHATSAPP_ACCESS_TOKEN',
  relationshipRegistryToken: 'RELATIONSHIP_REGISTRY_TOKEN',
  sessionProviderApiKey: 'SESSION_PROVIDER_API_KEY',
  sessionProviderWebhookSecret: 'SESSION_PROVIDER_WEBHOOK_SECRET',
  businessProviderAppSecret: 'BUSINESS_PROVIDER_APP_SECRET',
  businessProviderVerifyToken: 'BUSINESS_PROVIDER_VERIFY_TOKEN',
} as const;

/**
 * A secret its caller cannot work without. Secrets are read at run time, so unlike the variables
 * (config.ts) they are checked here, once loaded: a missing one is named like a missing variable.
 */
export const requireSecret = <K extends keyof typeof localNames>(
  secrets: Partial<Record<K, string>>,
  name: K,
): string => {
  const value = secrets[name];
  if (value === undefined) {
    throw new ConfigError(`Invalid configuration: ${name} (or ${localNames[name]}) must be set`);
  }
  return value;
};

/** The gateway's secrets: the webhook keys it verifies with. In AWS one secret; locally the variables. */
const gatewaySecrets = z.object({
  sessionProviderWebhookSecret: z.optional(z.string().check(z.minLength(8))),
  businessProviderAppSecret: z.optional(z.string().check(z.minLength(8))),
  businessProviderVerifyToken: z.optional(z.string().check(z.minLength(8))),
});
export type GatewaySecrets = z.infer<typeof gatewaySecrets>;

export const loadGatewaySecrets = async (
  config: Config,
  fetchSecret: typeof fetch = fetch,
): Promise<GatewaySecrets> => {
  if (config.GATEWAY_SECRETS_ARN !== undefined) {
    return gatewaySecrets.parse(
      parseJson('GATEWAY_SECRETS_ARN', await readSecret(config, config.GATEWAY_SECRETS_ARN, fetchSecret)),
    );
  }
  return {
    sessionProviderWebhookSecret: config.SESSION_PROVIDER_WEBHOOK_SECRET,
    businessProviderAppSecret: config.BUSINESS_PROVIDER_APP_SECRET,
    businessProviderVerifyToken: config.BUSINESS_PROVIDER_VERIFY_TOKEN,
  };
};
