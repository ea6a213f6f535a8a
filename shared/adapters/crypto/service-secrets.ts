import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import { ConfigError, type Config } from '../../config/config';
import type { KeyedHasher } from '../../ports/secrets';
import { hmacHasher } from './node-crypto';

/**
 * The service's secrets, split so that each function reads only what it uses (IAM grants a whole
 * secret or nothing): the token-signing key (only the functions that issue access tokens), the
 * keyed-hash key (those that hash), the providers' tokens (those that call a provider) and
 * CloudFront's origin secret (those behind CloudFront). Which reads which is data: the `secrets` of
 * each row of infra/group-access.ts and infra/consumers.ts.
 */
export const serviceSecretNames = ['signingKey', 'hashKey', 'providerTokens', 'originSecret'] as const;
export type ServiceSecretName = (typeof serviceSecretNames)[number];

/** The ES256 private key; its `kid` names it to verifiers, so a new key can overlap the old one. */
const privateJwk = onFirstUse(() =>
  z.looseObject({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
    d: z.string(),
    kid: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type PrivateJwk = z.infer<typeof privateJwk>;

const shapes = onFirstUse(() => ({
  signingKey: z.object({ jwtPrivateJwk: privateJwk }),
  hashKey: z.object({ hashKey: z.string().check(z.minLength(16)) }),
  providerTokens: z.object({
    whatsappAccessToken: z.optional(z.string().check(z.minLength(1))),
    relationshipRegistryToken: z.optional(z.string().check(z.minLength(1))),
    sessionProviderApiKey: z.optional(z.string().check(z.minLength(8))),
  }),
  /** Only when CloudFront fronts the API: the value of its origin header. */
  originSecret: z.object({ cloudFrontOriginSecret: z.optional(z.string().check(z.minLength(16))) }),
}));
export type ServiceSecret<N extends ServiceSecretName> = z.infer<(typeof shapes)[N]>;
const secretShapes: { [N in ServiceSecretName]: z.ZodMiniType<ServiceSecret<N>> } = shapes;
export type ProviderTokens = ServiceSecret<'providerTokens'>;

/** The variable CDK sets to each secret's ARN, on the functions whose row names it. */
export const secretArnVariables = {
  signingKey: 'SIGNING_KEY_SECRET_ARN',
  hashKey: 'HASH_SECRET_ARN',
  providerTokens: 'PROVIDER_SECRETS_ARN',
  originSecret: 'ORIGIN_SECRET_ARN',
} as const satisfies Record<ServiceSecretName, keyof Config>;

const parseJson = (name: string, value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    throw new ConfigError(`Invalid configuration: ${name}: must be JSON`);
  }
};

/** Each secret's value in the local stack, from the variables only its own configuration provides. */
const localValues: { [N in ServiceSecretName]: { variables: string; read: (config: Config) => unknown } } = {
  signingKey: {
    variables: 'JWT_PRIVATE_JWK',
    read: (config) => ({
      jwtPrivateJwk:
        config.JWT_PRIVATE_JWK === undefined
          ? undefined
          : parseJson('JWT_PRIVATE_JWK', config.JWT_PRIVATE_JWK),
    }),
  },
  hashKey: { variables: 'HASH_KEY', read: (config) => ({ hashKey: config.HASH_KEY }) },
  providerTokens: {
    variables: 'WHATSAPP_ACCESS_TOKEN, RELATIONSHIP_REGISTRY_TOKEN, SESSION_PROVIDER_API_KEY',
    read: (config) => ({
      whatsappAccessToken: config.WHATSAPP_ACCESS_TOKEN,
      relationshipRegistryToken: config.RELATIONSHIP_REGISTRY_TOKEN,
      sessionProviderApiKey: config.SESSION_PROVIDER_API_KEY,
    }),
  },
  originSecret: {
    variables: 'CLOUDFRONT_ORIGIN_SECRET',
    read: (config) => ({ cloudFrontOriginSecret: config.CLOUDFRONT_ORIGIN_SECRET }),
  },
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
 * One of the service's secrets. In AWS it comes from Secrets Manager (its ARN variable, set only
 * where its row grants it) through the AWS Parameters and Secrets Lambda Extension: one local HTTP
 * call, cached by the extension, and no Secrets Manager SDK in the bundle. Without the ARN it comes
 * from the local variables. A missing or malformed value is named (never shown) and stops the start.
 */
export const loadSecret = async <N extends ServiceSecretName>(
  name: N,
  config: Config,
  fetchSecret: typeof fetch = fetch,
): Promise<ServiceSecret<N>> => {
  const arnVariable = secretArnVariables[name];
  const arn = config[arnVariable];
  const value =
    arn === undefined
      ? localValues[name].read(config)
      : parseJson(arnVariable, await readSecret(config, arn, fetchSecret));
  const parsed = secretShapes[name].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${arnVariable} (locally ${localValues[name].variables}): ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
};

/** The keyed hasher (e-mail lookups, link and ticket hashes, rate windows) under the hash key's secret. */
export const loadHasher = async (config: Config, fetchSecret: typeof fetch = fetch): Promise<KeyedHasher> =>
  hmacHasher((await loadSecret('hashKey', config, fetchSecret)).hashKey);

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

/**
 * The webhook keys: the session provider's (the gateway's session webhook verifies with it, and a new
 * session is handed it) and Meta's (the business webhook's alone). In AWS two secrets, so that
 * whoever reads the first never reads Meta's app secret; locally the variables.
 */
const sessionWebhookSecret = onFirstUse(() =>
  z.object({
    sessionProviderWebhookSecret: z.optional(z.string().check(z.minLength(8))),
  }),
);
const businessWebhookSecrets = onFirstUse(() =>
  z.object({
    businessProviderAppSecret: z.optional(z.string().check(z.minLength(8))),
    businessProviderVerifyToken: z.optional(z.string().check(z.minLength(8))),
  }),
);
export type GatewaySecrets = z.infer<typeof sessionWebhookSecret> & z.infer<typeof businessWebhookSecrets>;

export const loadGatewaySecrets = async (
  config: Config,
  fetchSecret: typeof fetch = fetch,
): Promise<GatewaySecrets> => {
  const read = async <T>(
    name: 'GATEWAY_SECRETS_ARN' | 'BUSINESS_WEBHOOK_SECRETS_ARN',
    shape: z.ZodMiniType<T>,
  ) => {
    const arn = config[name];
    return arn === undefined
      ? undefined
      : shape.parse(parseJson(name, await readSecret(config, arn, fetchSecret)));
  };
  const [session, business] = await Promise.all([
    read('GATEWAY_SECRETS_ARN', sessionWebhookSecret),
    read('BUSINESS_WEBHOOK_SECRETS_ARN', businessWebhookSecrets),
  ]);
  const inAws = config.GATEWAY_SECRETS_ARN !== undefined || config.BUSINESS_WEBHOOK_SECRETS_ARN !== undefined;
  if (inAws) return { ...session, ...business };
  return {
    sessionProviderWebhookSecret: config.SESSION_PROVIDER_WEBHOOK_SECRET,
    businessProviderAppSecret: config.BUSINESS_PROVIDER_APP_SECRET,
    businessProviderVerifyToken: config.BUSINESS_PROVIDER_VERIFY_TOKEN,
  };
};
