import * as z from 'zod';

/**
 * Every setting of the service, read from the environment once at start-up. Each constant of
 * decisions.md is a variable with its default; a bad value stops start-up with a message naming
 * the variable. Secrets have no default here: the local stack's own configuration supplies
 * development values, and in AWS they come from Secrets Manager.
 */

const seconds = z.coerce.number().int().positive();

/** `limit/windowSeconds`, the spec's format for rate limits. */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+$/, 'must be "limit/windowSeconds"')
  .transform((value) => {
    const [limit, windowSeconds] = value.split('/').map(Number) as [number, number];
    return { limit, windowSeconds };
  })
  .refine((rule) => rule.limit > 0 && rule.windowSeconds > 0, 'limit and window must be positive');

const secondsList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be a comma list of seconds')
  .transform((value) => value.split(',').map(Number));

const jsonOf = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** decisions.md "Proxies": URLs with unique labels. */
const proxies = z
  .array(
    z.strictObject({
      label: z.string().min(1).max(64),
      address: z.url().refine((url) => /^https?:\/\//.test(url), 'must be http://user:pass@host:port'),
      capacity: z.number().int().positive(),
    }),
  )
  .refine((list) => new Set(list.map((proxy) => proxy.label)).size === list.length, 'labels must be unique');

const campaigns = z.record(
  z.string().regex(/^[A-Z0-9_-]{2,32}$/),
  z.strictObject({ percentOff: z.number().int().min(1).max(100) }),
);

export const configSchema = z.object({
  STAGE: z.string().min(1).default('local'),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
  AWS_REGION: z.string().min(1).default('sa-east-1'),
  TABLE_NAME: z.string().min(1),
  DYNAMODB_ENDPOINT: z.url().optional(),

  OTP_TTL_SECONDS: seconds.default(600),
  OTP_LINK_TTL_SECONDS: seconds.default(900),
  OTP_MAX_ATTEMPTS: seconds.default(5),
  OTP_LINK_BASE_URL: z.url().default('http://127.0.0.1:3003/login'),
  JWT_ACCESS_TTL_SECONDS: seconds.default(900),
  JWT_ISSUER: z.string().min(1).default('family-protection'),
  JWT_AUDIENCE: z.string().min(1).default('family-protection-app'),
  CONSENT_LINK_TTL_SECONDS: seconds.default(7 * 24 * 3600),
  CONSENT_RESEND_WAIT_SECONDS: seconds.default(24 * 3600),
  PAIRING_CODE_TTL_SECONDS: seconds.default(60),
  RECONNECT_DELAYS_SECONDS: secondsList.default([30, 120, 600]),
  SSE_PING_SECONDS: seconds.default(5),
  SSE_TICKET_TTL_SECONDS: seconds.default(60),
  TRIAL_DAYS: seconds.default(7),
  PAUSE_MAX_DAYS: seconds.default(30),

  RATE_OTP_REQUEST_PER_EMAIL: rateLimit.default({ limit: 5, windowSeconds: 3600 }),
  RATE_OTP_REQUEST_PER_IP: rateLimit.default({ limit: 20, windowSeconds: 3600 }),
  RATE_OTP_RESEND_PER_LINK: rateLimit.default({ limit: 3, windowSeconds: 3600 }),
  RATE_OTP_VERIFY_PER_IP: rateLimit.default({ limit: 40, windowSeconds: 3600 }),
  RATE_EVIDENCE_PER_LINK: rateLimit.default({ limit: 10, windowSeconds: 3600 }),
  RATE_EVIDENCE_PER_IP: rateLimit.default({ limit: 30, windowSeconds: 3600 }),
  RATE_CONSENT_WRITE_PER_LINK: rateLimit.default({ limit: 10, windowSeconds: 3600 }),
  RATE_CONSENT_WRITE_PER_IP: rateLimit.default({ limit: 30, windowSeconds: 3600 }),
  RATE_CONSENT_READ_PER_LINK: rateLimit.default({ limit: 120, windowSeconds: 600 }),
  RATE_CONSENT_READ_PER_IP: rateLimit.default({ limit: 600, windowSeconds: 600 }),

  PRICE_SEAT_MINOR: z.coerce.number().int().nonnegative().default(2990),
  PRICE_CHANNEL_CHAT_MINOR: z.coerce.number().int().nonnegative().default(1990),
  CAMPAIGNS_JSON: jsonOf(campaigns).default({}),

  CONSENT_PAGE_BASE_URL: z.url().default('http://127.0.0.1:3003'),
  RELATIONSHIP_REGISTRY: z.enum(['http', 'sandbox']).default('http'),
  RELATIONSHIP_REGISTRY_URL: z.url().optional(),
  /** Locally only; in AWS the token is `relationshipRegistryToken` in the service secret. */
  RELATIONSHIP_REGISTRY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_API_BASE_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_CONSENT_TEMPLATE: z.string().min(1).default('consent_request'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('pt_BR'),
  /** Locally only; in AWS the access token is `whatsappAccessToken` in the service secret. */
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  SEAT_KEYS: z.enum(['kms', 'local']).default('kms'),
  SEAT_KEYS_KMS_KEY_ID: z.string().min(1).optional(),
  /** Locally only: the 32-byte base64 key that wraps seat data keys. */
  LOCAL_MASTER_KEY: z.string().min(1).optional(),

  /** How the person's evidence is checked: Rekognition and Transcribe, or the local detectors. */
  EVIDENCE_VERIFIER: z.enum(['aws', 'local']).default('aws'),
  EVIDENCE_STORE: z.enum(['s3', 'local']).default('s3'),
  EVIDENCE_BUCKET: z.string().min(1).optional(),
  EVIDENCE_KMS_KEY_ID: z.string().min(1).optional(),
  EVIDENCE_DIR: z.string().min(1).default('.local/evidence'),
  /** Where the WebP decoder's WebAssembly lives when bundled (the deploy copies it beside the handler). */
  WEBP_WASM_PATH: z.string().min(1).optional(),

  /** The gateway: its queues (and, locally, the emulator's endpoint) and the providers' secrets. */
  SESSION_EVENTS_QUEUE_URL: z.url().optional(),
  BUSINESS_EVENTS_QUEUE_URL: z.url().optional(),
  SQS_ENDPOINT: z.url().optional(),
  /** The session provider's HTTP API (WAHA-compatible) and, locally, its key. */
  SESSION_PROVIDER_URL: z.url().optional(),
  SESSION_PROVIDER_API_KEY: z.string().min(8).optional(),
  /** Where sessions send their webhooks: the gateway's `/webhooks/session-provider`. */
  SESSION_PROVIDER_WEBHOOK_URL: z.url().optional(),
  /** The proxy addresses sessions go out through (registered in the table on first use). */
  PROXIES_JSON: jsonOf(proxies).default([]),
  /** How long a handled provider event id is kept (the provider retries for minutes, not days). */
  PROVIDER_EVENT_RETENTION_SECONDS: seconds.default(7 * 24 * 3600),
  /** The reconnect schedules: EventBridge Scheduler in AWS, the embedded scheduler locally. */
  RECONNECT_SCHEDULER: z.enum(['eventbridge', 'embedded']).default('eventbridge'),
  SCHEDULER_GROUP_NAME: z.string().min(1).optional(),
  RECONNECT_TARGET_ARN: z.string().min(1).optional(),
  SCHEDULER_ROLE_ARN: z.string().min(1).optional(),
  SCHEDULER_DLQ_ARN: z.string().min(1).optional(),
  /** The SSE relay: its public port, its private push port, and the push endpoint it registers. */
  RELAY_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  RELAY_PUSH_PORT: z.coerce.number().int().min(1).max(65535).default(3012),
  RELAY_HOST: z.string().min(1).default('127.0.0.1'),
  RELAY_PUSH_ENDPOINT: z.url().optional(),
  /** How old an event id must be before the relay sends it (ids are made just before their commit). */
  RELAY_SETTLE_MS: z.coerce.number().int().min(0).max(5_000).default(100),
  /** Guardians' e-mail and push: SES and SNS in AWS, log lines locally. */
  NOTIFY_DELIVERY: z.enum(['aws', 'log']).default('aws'),
  NOTIFICATIONS_TOPIC_ARN: z.string().min(1).optional(),
  /** In AWS: the secret `{ sessionProviderWebhookSecret, businessProviderAppSecret, businessProviderVerifyToken }`. */
  GATEWAY_SECRETS_ARN: z.string().min(1).optional(),
  /** Locally only (the local stack's dev values); in AWS they are in the gateway secret. */
  SESSION_PROVIDER_WEBHOOK_SECRET: z.string().min(8).optional(),
  BUSINESS_PROVIDER_APP_SECRET: z.string().min(8).optional(),
  BUSINESS_PROVIDER_VERIFY_TOKEN: z.string().min(8).optional(),

  MAIL_DELIVERY: z.enum(['log', 'ses']).default('ses'),
  MAIL_FROM: z.email().default('no-reply@family-protection.example'),

  /** In AWS: the Secrets Manager secret holding `{ jwtPrivateJwk, hashKey }`, read through the extension. */
  SECRETS_ARN: z.string().min(1).optional(),
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: z.coerce.number().int().positive().default(2773),
  /** Set by Lambda; the secrets extension takes it as its credential. */
  AWS_SESSION_TOKEN: z.string().optional(),
  /** Locally: the ES256 private key as a JWK (JSON) and the key of every keyed hash. */
  JWT_PRIVATE_JWK: z.string().min(1).optional(),
  HASH_KEY: z.string().min(16).optional(),
});

export type Config = z.infer<typeof configSchema>;
export type RateRule = Config['RATE_OTP_REQUEST_PER_EMAIL'];

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const parseConfig = (env: Readonly<Record<string, string | undefined>>): Config => {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
};

let loaded: Config | undefined;

/** The process's configuration, parsed on first use and kept. */
export const config = (): Config => (loaded ??= parseConfig(process.env));
