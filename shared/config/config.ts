import * as z from '../validation/z';
import { onFirstUse } from '../validation/z';
import { isLoopbackHost } from '../adapters/net/public-address';

/**
 * Every setting of the service, read from the environment once at start-up. Each documented
 * setting (docs/configuration.md) is a variable with its default; a bad value stops start-up with a
 * message naming the variable. Secrets have no default here: the local stack's own configuration supplies
 * development values, and in AWS they come from Secrets Manager.
 */

/**
 * The kinds of value, each built on its first use: a schema costs tens of microseconds to build, and
 * a function sets a fifth of these variables, so a kind no set variable reads is never built.
 */
const text = (min = 1) => onFirstUse(() => z.string().check(z.minLength(min)));
const nonEmpty = text();
const url = onFirstUse(() => z.url());
/** A whole number written in the variable, from `min` to `max`. */
const whole = (min: number, max: number) =>
  onFirstUse(() => z.coerce.number().check(z.int(), z.gte(min), z.lte(max)));
const seconds = onFirstUse(() => z.coerce.number().check(z.int(), z.positive()));
const port = whole(1, 65535);
/** A call's timeout in milliseconds, at least 100 and at most 30 s. */
const callTimeoutMs = whole(100, 30_000);
/** Prices in the currency's minor unit (centavos). */
const minorUnits = onFirstUse(() => z.coerce.number().check(z.int(), z.nonnegative()));
/** One of the named choices of an adapter or a mode. */
const oneOf = <const T extends readonly [string, ...string[]]>(...choices: T) =>
  onFirstUse(() => z.enum(choices));
/** Text in the given form. */
const matching = (form: RegExp, message?: string) =>
  onFirstUse(() => z.string().check(z.regex(form, message)));

/** A rate limit as `limit/windowSeconds`: one variable holds a whole rule. */
const rateLimit = onFirstUse(() =>
  z
    .pipe(
      z.string().check(z.regex(/^\d+\/\d+$/, 'must be "limit/windowSeconds"')),
      z.transform((value: string) => {
        const [limit, windowSeconds] = value.split('/').map(Number) as [number, number];
        return { limit, windowSeconds };
      }),
    )
    .check(z.refine((rule) => rule.limit > 0 && rule.windowSeconds > 0, 'limit and window must be positive')),
);

const secondsList = onFirstUse(() =>
  z.pipe(
    z.string().check(z.regex(/^\d+(,\d+)*$/, 'must be a comma list of seconds')),
    z.transform((value: string) => value.split(',').map(Number)),
  ),
);

/** An ES256 public key: a private one (with `d`) given by mistake stops the start. */
const publicJwk = onFirstUse(() =>
  z.looseObject({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: nonEmpty,
    y: nonEmpty,
    kid: z.optional(nonEmpty),
    d: z.optional(z.never()),
  }),
);

/** JSON of the schema `schema` builds, built on first use with it: only when its variable is set. */
const jsonOf = <T extends z.ZodMiniType>(schema: () => T) =>
  onFirstUse(() =>
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((value: string, ctx) => {
          try {
            return JSON.parse(value) as unknown;
          } catch {
            ctx.issues.push({ code: 'custom', message: 'must be JSON', input: value });
            return z.NEVER;
          }
        }),
      ),
      schema(),
    ),
  );

/**
 * `http(s)://[user:pass@]host[:port]` and nothing more, its credentials well percent-encoded: they
 * are decoded for the proxy check and for the session provider's config.
 */
const isProxyUrl = (address: string): boolean => {
  const url = URL.parse(address);
  if (url === null || !/^https?:$/.test(url.protocol) || url.hostname === '') return false;
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') return false;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    return false;
  }
};

/** A proxy address is a URL (`http://user:pass@host:port`) under a label, with its capacity. */
export const proxyAddressFields = onFirstUse(() =>
  z.strictObject({
    label: z.string().check(z.minLength(1), z.maxLength(64)),
    address: z.url().check(z.refine(isProxyUrl, 'must be http://user:pass@host:port')),
    capacity: z.number().check(z.int(), z.positive(), z.lte(10_000)),
  }),
);

/** The configured addresses: labels unique. */
const proxies = () =>
  z
    .array(proxyAddressFields)
    .check(
      z.refine(
        (list) => new Set(list.map((proxy) => proxy.label)).size === list.length,
        'labels must be unique',
      ),
    );

/** Proxy suppliers: unique codes, each with its products, monthly budget and ceilings. */
const suppliers = () =>
  z
    .array(
      z.strictObject({
        code: z.string().check(z.regex(/^[a-z0-9-]{2,32}$/)),
        baseUrl: z.url().check(z.refine((url) => /^https?:\/\//.test(url), 'must be an http(s) URL')),
        products: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1)),
        monthlyBudget: z.number().check(z.int(), z.nonnegative()),
        ceilings: z.strictObject({
          maxProxies: z.number().check(z.int(), z.positive()),
          maxPerOrder: z.number().check(z.int(), z.positive()),
        }),
      }),
    )
    .check(
      z.refine(
        (list) => new Set(list.map((supplier) => supplier.code)).size === list.length,
        'codes must be unique',
      ),
    );

const campaigns = () =>
  z.record(
    z.string().check(z.regex(/^[A-Z0-9_-]{2,32}$/)),
    z.strictObject({ percentOff: z.number().check(z.int(), z.gte(1), z.lte(100)) }),
  );

/**
 * A setting is a row: the schema its value is read with, shared by every setting of its kind, and
 * what it is when the variable is unset (required, a default, or nothing). Rows rather than a zod
 * object of 150 fields each wrapped in its own default or optional: every function parses the whole
 * configuration at its cold start, and a zod schema costs tens of microseconds to build (about 50 in
 * a fresh process): every row's kind is built on its first use, so only the set variables' kinds are.
 */
type Unset = 'required' | 'default' | 'optional';
interface Setting<S extends z.ZodMiniType = z.ZodMiniType, U extends Unset = Unset> {
  readonly schema: S;
  readonly unset: U;
  readonly fallback?: z.output<S>;
}
const required = <S extends z.ZodMiniType>(schema: S): Setting<S, 'required'> => ({
  schema,
  unset: 'required',
});
const withDefault = <S extends z.ZodMiniType>(schema: S, fallback: z.output<S>): Setting<S, 'default'> => ({
  schema,
  unset: 'default',
  fallback,
});
const optional = <S extends z.ZodMiniType>(schema: S): Setting<S, 'optional'> => ({
  schema,
  unset: 'optional',
});
const optionalText = optional(nonEmpty);
const optionalUrl = optional(url);
const optionalSecret = optional(text(8));

const variables = {
  STAGE: withDefault(nonEmpty, 'local'),
  LOG_LEVEL: withDefault(oneOf('DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'), 'INFO'),
  AWS_REGION: withDefault(nonEmpty, 'sa-east-1'),
  TABLE_NAME: required(nonEmpty),
  DYNAMODB_ENDPOINT: optionalUrl,

  OTP_TTL_SECONDS: withDefault(seconds, 600),
  OTP_LINK_TTL_SECONDS: withDefault(seconds, 900),
  OTP_MAX_ATTEMPTS: withDefault(seconds, 5),
  OTP_LINK_BASE_URL: withDefault(url, 'http://127.0.0.1:3003/login'),
  JWT_ACCESS_TTL_SECONDS: withDefault(seconds, 900),
  JWT_ISSUER: withDefault(nonEmpty, 'family-protection'),
  JWT_AUDIENCE: withDefault(nonEmpty, 'family-protection-app'),
  CONSENT_LINK_TTL_SECONDS: withDefault(seconds, 7 * 24 * 3600),
  CONSENT_RESEND_WAIT_SECONDS: withDefault(seconds, 24 * 3600),
  PAIRING_CODE_TTL_SECONDS: withDefault(seconds, 60),
  RECONNECT_DELAYS_SECONDS: withDefault(secondsList, [30, 120, 600]),
  SSE_PING_SECONDS: withDefault(seconds, 5),
  SSE_TICKET_TTL_SECONDS: withDefault(seconds, 60),
  /** How long one SSE stream lasts before the relay asks its client to reconnect (with a new ticket). */
  SSE_MAX_STREAM_SECONDS: withDefault(seconds, 3600),
  TRIAL_DAYS: withDefault(seconds, 7),
  /** The longest pause guardians may ask for. */
  PAUSE_MAX_DAYS: withDefault(seconds, 30),
  /** How long a sealed message is kept before the table's TTL removes it. */
  CONTENT_RETENTION_DAYS: withDefault(seconds, 30),
  /** The history import queue: how many imports hold a slot at once (`offered` or `running`). */
  HISTORY_IMPORT_SLOTS: withDefault(seconds, 4),
  /** How long an offered slot waits for a later import to be accepted before it lapses. */
  HISTORY_OFFER_TTL_SECONDS: withDefault(seconds, 600),
  /** A running import without progress for this long is `stuck` and its slot goes on. */
  HISTORY_STUCK_SECONDS: withDefault(seconds, 900),
  /** How far back an import reads the person's chats. */
  HISTORY_DAYS: withDefault(seconds, 30),
  /**
   * Who reads a message for risks: Amazon Bedrock alone, the rule screen then Bedrock (`cascade`;
   * `ANALYSIS_MODEL_ID` for both), or the local rule-based analyzer. Bedrock alone by default: the
   * screen does not meet its recall target yet, and a risk it lets by is never seen.
   */
  ANALYZER: withDefault(oneOf('cascade', 'bedrock', 'rules'), 'bedrock'),
  ANALYSIS_MODEL_ID: optionalText,
  /** `#risk:<category>:<severity>` in a body yields that finding: the local and test stages only. */
  ANALYSIS_SANDBOX_MARKER: withDefault(oneOf('on', 'off'), 'off'),

  RATE_OTP_REQUEST_PER_EMAIL: withDefault(rateLimit, { limit: 5, windowSeconds: 3600 }),
  RATE_OTP_REQUEST_PER_IP: withDefault(rateLimit, { limit: 20, windowSeconds: 3600 }),
  RATE_OTP_RESEND_PER_LINK: withDefault(rateLimit, { limit: 3, windowSeconds: 3600 }),
  RATE_OTP_VERIFY_PER_IP: withDefault(rateLimit, { limit: 40, windowSeconds: 3600 }),
  RATE_EVIDENCE_PER_LINK: withDefault(rateLimit, { limit: 10, windowSeconds: 3600 }),
  RATE_EVIDENCE_PER_IP: withDefault(rateLimit, { limit: 30, windowSeconds: 3600 }),
  RATE_CONSENT_WRITE_PER_LINK: withDefault(rateLimit, { limit: 10, windowSeconds: 3600 }),
  RATE_CONSENT_WRITE_PER_IP: withDefault(rateLimit, { limit: 30, windowSeconds: 3600 }),
  RATE_CONSENT_READ_PER_LINK: withDefault(rateLimit, { limit: 120, windowSeconds: 600 }),
  RATE_CONSENT_READ_PER_IP: withDefault(rateLimit, { limit: 600, windowSeconds: 600 }),
  RATE_EXCERPT_PER_GUARDIAN: withDefault(rateLimit, { limit: 30, windowSeconds: 60 }),

  PRICE_SEAT_MINOR: withDefault(minorUnits, 2990),
  PRICE_CHANNEL_CHAT_MINOR: withDefault(minorUnits, 1990),
  CAMPAIGNS_JSON: withDefault(jsonOf(campaigns), {}),

  CONSENT_PAGE_BASE_URL: withDefault(url, 'http://127.0.0.1:3003'),
  RELATIONSHIP_REGISTRY: withDefault(oneOf('http', 'sandbox'), 'http'),
  RELATIONSHIP_REGISTRY_URL: optionalUrl,
  /** Locally only; in AWS the token is `relationshipRegistryToken` in the providers' secret. */
  RELATIONSHIP_REGISTRY_TOKEN: optionalText,
  WHATSAPP_API_BASE_URL: withDefault(url, 'https://graph.facebook.com'),
  /** The Graph API version of every call (Meta retires each about two years after its release). */
  WHATSAPP_API_VERSION: withDefault(matching(/^v\d+\.\d+$/), 'v25.0'),
  /** How long a send may take; past it the outcome is unknown and the send is not repeated. */
  WHATSAPP_TIMEOUT_MS: withDefault(callTimeoutMs, 10_000),
  /** How many tries a send refused temporarily gets in all, and the wait before the second (doubling). */
  CONSENT_SEND_ATTEMPTS: withDefault(whole(1, 10), 5),
  CONSENT_SEND_BACKOFF_SECONDS: withDefault(whole(0, 900), 30),
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_CONSENT_TEMPLATE: withDefault(nonEmpty, 'consent_request'),
  WHATSAPP_TEMPLATE_LANGUAGE: withDefault(text(2), 'pt_BR'),
  /** Locally only; in AWS the access token is `whatsappAccessToken` in the providers' secret. */
  WHATSAPP_ACCESS_TOKEN: optionalText,
  SEAT_KEYS: withDefault(oneOf('kms', 'local'), 'kms'),
  SEAT_KEYS_KMS_KEY_ID: optionalText,
  /** Guardians' push tokens: wrapped under a key of their own, never the seat key. */
  DEVICE_KEYS: withDefault(oneOf('kms', 'local'), 'kms'),
  DEVICE_KEYS_KMS_KEY_ID: optionalText,
  /**
   * The seat keys' table (seats' wrapped data keys, apart from the single table and without
   * backups): set where keys are made or destroyed (the seats and consent groups) or opened.
   */
  SEAT_KEYS_TABLE_NAME: optionalText,
  /** Locally only: the 32-byte base64 key that wraps seat data keys. */
  LOCAL_MASTER_KEY: optionalText,

  /** How the person's evidence is checked: Rekognition and Transcribe, or the local detectors. */
  EVIDENCE_VERIFIER: withDefault(oneOf('aws', 'local'), 'aws'),
  EVIDENCE_STORE: withDefault(oneOf('s3', 'local'), 's3'),
  EVIDENCE_BUCKET: optionalText,
  EVIDENCE_KMS_KEY_ID: optionalText,
  EVIDENCE_DIR: withDefault(nonEmpty, '.local/evidence'),
  /** Where the WebP decoder's WebAssembly lives when bundled (the deploy copies it beside the handler). */
  WEBP_WASM_PATH: optionalText,

  /** The gateway: its queues (and, locally, the emulator's endpoint) and the providers' secrets. */
  SESSION_EVENTS_QUEUE_URL: optionalUrl,
  BUSINESS_EVENTS_QUEUE_URL: optionalUrl,
  /** The consent links' sends, queued by the API for their worker. */
  CONSENT_SENDS_QUEUE_URL: optionalUrl,
  /** The history import worker's queue: whoever admits an import sends it there. */
  HISTORY_IMPORT_QUEUE_URL: optionalUrl,
  /** The sign-in mails, posted by the auth API after it answered, for their worker to send. */
  SIGN_IN_MAILS_QUEUE_URL: optionalUrl,
  /** The burn worker's queue: a burned proxy address is handed to it by the backoffice. */
  PROXY_BURNS_QUEUE_URL: optionalUrl,
  /** The session-ends worker's queue: whoever ends a pairing hands it the session to delete. */
  SESSION_ENDS_QUEUE_URL: optionalUrl,
  SQS_ENDPOINT: optionalUrl,
  /**
   * Where a session-provider body too large for a queue message waits for its worker: an S3 bucket
   * in AWS, a folder the local stack's gateway and workers share.
   */
  EVENT_BODIES: withDefault(oneOf('s3', 'local'), 's3'),
  EVENT_BODIES_BUCKET: optionalText,
  EVENT_BODIES_DIR: withDefault(nonEmpty, '.local/event-bodies'),
  /** The session provider's HTTP API (WAHA-compatible) and, locally, its key. */
  SESSION_PROVIDER_URL: optionalUrl,
  SESSION_PROVIDER_API_KEY: optionalSecret,
  /** Where sessions send their webhooks: the gateway's `/webhooks/session-provider`. */
  SESSION_PROVIDER_WEBHOOK_URL: optionalUrl,
  /**
   * How long one call to the session provider may take, its body included. A pairing start makes up
   * to four calls within the API function's 10 s: past it the Lambda would die before giving its
   * proxy slot back.
   */
  SESSION_PROVIDER_TIMEOUT_MS: withDefault(callTimeoutMs, 2_000),
  /**
   * How long one history read (a page of chats or of a chat's messages) may take: a long chat on a
   * loaded provider is slow, not failed. The history worker's own budget, apart from the pairing
   * start's.
   */
  HISTORY_PROVIDER_TIMEOUT_MS: withDefault(whole(1_000, 120_000), 30_000),
  /** The proxy addresses sessions go out through (registered in the table on first use). */
  PROXIES_JSON: withDefault(jsonOf(proxies), []),
  /**
   * The proxy suppliers (`[{ code, baseUrl, products, monthlyBudget, ceilings: { maxProxies,
   * maxPerOrder } }]`, budgets in minor units); their keys are in their own secret.
   */
  PROXY_SUPPLIERS_JSON: withDefault(jsonOf(suppliers), []),
  /** In AWS: the secret `{ <supplier code>: <API key> }`, readable only by the functions that call suppliers. */
  PROXY_SUPPLIER_SECRETS_ARN: optionalText,
  /** Locally only: the suppliers' keys as `{ <code>: <key> }` (in AWS, the secret above). */
  PROXY_SUPPLIER_KEYS_JSON: optional(jsonOf(() => z.record(z.string(), text(8)))),
  /** How long a supplier call may take. */
  PROXY_SUPPLIER_TIMEOUT_MS: withDefault(callTimeoutMs, 10_000),
  /** How many sessions each bought proxy takes when its order adds it to the pool. */
  SUPPLIED_PROXY_CAPACITY: withDefault(seconds, 10),
  /**
   * Where a new proxy address is tried before it joins the pool (`host:port`, an HTTP CONNECT
   * through it): the messaging network's web host in AWS, a loopback server locally.
   */
  PROXY_CHECK_TARGET: withDefault(
    matching(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port'),
    'web.whatsapp.com:443',
  ),
  /** How long the proxy check waits for the tunnel. */
  PROXY_CHECK_TIMEOUT_MS: withDefault(callTimeoutMs, 5_000),
  /**
   * Whether the service may connect to loopback where somebody else names the host (the proxy an
   * operator adds, a proxy supplier over `http://`, the profile photo's URL): `allowed` only in the
   * local stack, whose simulators listen there, and refused at start in any other stage. Private,
   * link-local and unspecified addresses are refused either way.
   */
  LOOPBACK_PEERS: withDefault(oneOf('refused', 'allowed'), 'refused'),
  /** How long a handled provider event id is kept (the provider retries for minutes, not days). */
  PROVIDER_EVENT_RETENTION_SECONDS: withDefault(seconds, 7 * 24 * 3600),
  /** One-time schedules (reconnects, pauses' ends): EventBridge Scheduler in AWS, the embedded scheduler locally. */
  SCHEDULER: withDefault(oneOf('eventbridge', 'embedded'), 'eventbridge'),
  SCHEDULER_GROUP_NAME: optionalText,
  RECONNECT_TARGET_ARN: optionalText,
  PAUSE_RESUME_TARGET_ARN: optionalText,
  /** The trial-ending schedule's target function (infra/consumers.ts, `trialEnding`). */
  TRIAL_ENDING_TARGET_ARN: optionalText,
  /** The history import's schedule targets: an offer's lapse, a running import's progress check. */
  HISTORY_OFFER_EXPIRY_TARGET_ARN: optionalText,
  HISTORY_STUCK_TARGET_ARN: optionalText,
  SCHEDULER_ROLE_ARN: optionalText,
  SCHEDULER_DLQ_ARN: optionalText,
  /** The SSE relay: its public port, its private push port, and the push endpoint it registers. */
  RELAY_PORT: withDefault(port, 3002),
  RELAY_PUSH_PORT: withDefault(port, 3012),
  RELAY_HOST: withDefault(nonEmpty, '127.0.0.1'),
  RELAY_PUSH_ENDPOINT: optionalUrl,
  /**
   * The client address per-IP limits count: `edge` (what our own edge saw) in AWS;
   * `forwarded-for-first` (the caller's own `X-Forwarded-For`) only in the local stack.
   */
  CLIENT_IP_SOURCE: withDefault(oneOf('edge', 'forwarded-for-first'), 'edge'),
  /**
   * When CloudFront fronts the API or the relay: the origin header it adds with a secret value, the
   * one sign that its `CloudFront-Viewer-Address` can be believed.
   */
  CLOUDFRONT_ORIGIN_HEADER: optional(matching(/^[A-Za-z0-9-]{1,64}$/)),
  /** Locally, and at the relay (an ECS secret); the functions read `cloudFrontOriginSecret` in the origin secret. */
  CLOUDFRONT_ORIGIN_SECRET: optional(text(16)),
  /**
   * How many connections one source may hold at the relay: heads still being read per connecting
   * address (a load balancer's node sends a whole head at once, so its count stays low), open streams
   * per client address (the one `clientIp` derives, each guardian's and person's own, with room for
   * families behind one carrier NAT). Over either, 429 with Retry-After. Raised only to measure
   * (`npm run bench` holds 10,000 streams from one address).
   */
  RELAY_HEADS_PER_SOURCE: withDefault(seconds, 100),
  RELAY_STREAMS_PER_CLIENT: withDefault(seconds, 100),
  /** How old an event id must be before the relay sends it (ids are made just before their commit). */
  RELAY_SETTLE_MS: withDefault(whole(0, 5_000), 100),
  /** Guardians' e-mail and push: SES and SNS in AWS, log lines locally. */
  NOTIFY_DELIVERY: withDefault(oneOf('aws', 'log'), 'aws'),
  /**
   * The SNS platform applications (APNs, FCM) a guardian's device token gets its push endpoint in;
   * read where devices are registered (`POST /me/devices`).
   */
  PUSH_IOS_APPLICATION_ARN: optionalText,
  PUSH_ANDROID_APPLICATION_ARN: optionalText,
  /** In AWS: the secret `{ sessionProviderWebhookSecret }` (the gateway's session webhook and whoever makes sessions). */
  GATEWAY_SECRETS_ARN: optionalText,
  /** In AWS, the business webhook's alone: the secret `{ businessProviderAppSecret, businessProviderVerifyToken }`. */
  BUSINESS_WEBHOOK_SECRETS_ARN: optionalText,
  /** Locally only (the local stack's dev values); in AWS they are in the gateway secret. */
  SESSION_PROVIDER_WEBHOOK_SECRET: optionalSecret,
  BUSINESS_PROVIDER_APP_SECRET: optionalSecret,
  BUSINESS_PROVIDER_VERIFY_TOKEN: optionalSecret,

  MAIL_DELIVERY: withDefault(oneOf('log', 'ses'), 'ses'),
  MAIL_FROM: optional(onFirstUse(() => z.email())),

  /**
   * In AWS: the service's secrets in Secrets Manager, read through the extension, each set only on
   * the functions that may read it: `{ jwtPrivateJwk }` (issuers of access tokens), `{ hashKey }`,
   * the providers' tokens, CloudFront's origin secret (shared/adapters/crypto/service-secrets.ts).
   */
  SIGNING_KEY_SECRET_ARN: optionalText,
  HASH_SECRET_ARN: optionalText,
  PROVIDER_SECRETS_ARN: optionalText,
  ORIGIN_SECRET_ARN: optionalText,
  /**
   * The public keys access tokens are verified with (a JWK set, as JSON): not a secret, so every
   * verifier has it without reading the signing key. Several keys, named by `kid`, while a new
   * signing key overlaps the old one. Locally, without it, the public half of `JWT_PRIVATE_JWK`.
   */
  JWT_PUBLIC_JWKS: optional(jsonOf(() => z.object({ keys: z.array(publicJwk).check(z.minLength(1)) }))),
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: withDefault(seconds, 2773),
  /** Set by Lambda; the secrets extension takes it as its credential. */
  AWS_SESSION_TOKEN: optional(onFirstUse(() => z.string())),
  /** Locally: the ES256 private key as a JWK (JSON) and the key of every keyed hash. */
  JWT_PRIVATE_JWK: optionalText,
  HASH_KEY: optional(text(16)),

  /** Operators' sign-in: the Cognito user pool in AWS, the local stand-in issuer in the local stack. */
  OPERATOR_AUTH: withDefault(oneOf('cognito', 'local'), 'cognito'),
  OPERATOR_USER_POOL_ID: optionalText,
  /** The backoffice's app client: the `client_id` of every operator access token. */
  OPERATOR_CLIENT_ID: optionalText,
  /** Locally: the stand-in issuer's `iss` and its public keys (a JWKS, as JSON). */
  OPERATOR_ISSUER: optionalUrl,
  OPERATOR_JWKS_JSON: optional(jsonOf(() => z.object({ keys: z.array(z.record(z.string(), z.unknown())) }))),
} satisfies Record<string, Setting>;

type Variables = typeof variables;
type ValueOf<K extends keyof Variables> = z.output<Variables[K]['schema']>;
type OptionalName = {
  [K in keyof Variables]: Variables[K]['unset'] extends 'optional' ? K : never;
}[keyof Variables];

export type Config = { [K in Exclude<keyof Variables, OptionalName>]: ValueOf<K> } & {
  [K in OptionalName]?: ValueOf<K> | undefined;
};
export type RateRule = Config['RATE_OTP_REQUEST_PER_EMAIL'];

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** What is wrong with one variable: its name first in the path. */
interface ConfigIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

const invalid = (issues: readonly ConfigIssue[]) =>
  new ConfigError(
    `Invalid configuration: ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
  );

/**
 * A supplier's key travels with every call: over TLS only, but to a loopback simulator where
 * loopback peers are allowed (the local stack).
 */
const isSupplierUrl = (baseUrl: string, loopbackPeers: Config['LOOPBACK_PEERS']): boolean => {
  const url = new URL(baseUrl);
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && loopbackPeers === 'allowed' && isLoopbackHost(url.hostname))
  );
};

/** The settings that hold only together, checked once each one parsed. */
const issuesTogether = (parsed: Config): ConfigIssue[] => [
  ...(parsed.LOOPBACK_PEERS === 'refused' || parsed.STAGE === 'local'
    ? []
    : [{ path: ['LOOPBACK_PEERS'], message: 'allowed is for the local stack only' }]),
  ...parsed.PROXY_SUPPLIERS_JSON.flatMap((supplier, index) =>
    isSupplierUrl(supplier.baseUrl, parsed.LOOPBACK_PEERS)
      ? []
      : [
          {
            path: ['PROXY_SUPPLIERS_JSON', index, 'baseUrl'],
            message: 'must be https:// (http:// only to loopback, with LOOPBACK_PEERS=allowed)',
          },
        ],
  ),
];

/** A default is copied, as zod's are: a caller that changes its settings changes no other's. */
const copyOf = <T>(value: T): T =>
  typeof value === 'object' && value !== null ? structuredClone(value) : value;

export const parseConfig = (env: Readonly<Record<string, string | undefined>>): Config => {
  const issues: ConfigIssue[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(variables) as [string, Setting][]) {
    const value = env[name];
    if (value === undefined) {
      if (setting.unset === 'required') issues.push({ path: [name], message: 'must be set' });
      if (setting.unset === 'default') parsed[name] = copyOf(setting.fallback);
      continue;
    }
    const result = setting.schema.safeParse(value);
    if (result.success) parsed[name] = result.data;
    else
      issues.push(
        ...result.error.issues.map((issue) => ({ path: [name, ...issue.path], message: issue.message })),
      );
  }
  if (issues.length > 0) throw invalid(issues);
  const together = issuesTogether(parsed as Config);
  if (together.length > 0) throw invalid(together);
  return parsed as Config;
};

/** A variable the chosen adapter cannot work without (its format was checked with the rest). */
const setWhen = (condition: string) => z.string({ error: `must be set when ${condition}` });

/** The schedules of one target: with EventBridge Scheduler, the shared group, role and DLQ and the target's ARN. */
const oneTimeSchedules = <T extends string>(targetArn: T) =>
  z.discriminatedUnion('SCHEDULER', [
    z.object({ SCHEDULER: z.literal('embedded') }),
    z.object({
      SCHEDULER: z.literal('eventbridge'),
      SCHEDULER_GROUP_NAME: setWhen('SCHEDULER is eventbridge'),
      ...({ [targetArn]: setWhen('SCHEDULER is eventbridge') } as Record<T, ReturnType<typeof setWhen>>),
      SCHEDULER_ROLE_ARN: setWhen('SCHEDULER is eventbridge'),
      SCHEDULER_DLQ_ARN: setWhen('SCHEDULER is eventbridge'),
    }),
  ]);

/**
 * What each capability needs beyond the base, by the adapter its selector chose. Each function
 * gets only the variables of what it wires (the stack gives the gateway no mail sender), so a
 * function checks its own capabilities as it starts (`configFor`): a missing variable fails the
 * cold start, naming it, and not the first request that needs it. Each schema is built on its first
 * use, so a function builds only its own.
 */
export const capabilities = {
  relationshipRegistry: onFirstUse(() =>
    z.discriminatedUnion('RELATIONSHIP_REGISTRY', [
      z.object({ RELATIONSHIP_REGISTRY: z.literal('sandbox') }),
      z.object({
        RELATIONSHIP_REGISTRY: z.literal('http'),
        RELATIONSHIP_REGISTRY_URL: setWhen('RELATIONSHIP_REGISTRY is http'),
      }),
    ]),
  ),
  messenger: onFirstUse(() => z.object({ WHATSAPP_PHONE_NUMBER_ID: setWhen('consent requests are sent') })),
  consentSendsQueue: onFirstUse(() =>
    z.object({ CONSENT_SENDS_QUEUE_URL: setWhen('consent links are sent') }),
  ),
  proxyBurnsQueue: onFirstUse(() => z.object({ PROXY_BURNS_QUEUE_URL: setWhen('proxies are burned') })),
  sessionEndsQueue: onFirstUse(() => z.object({ SESSION_ENDS_QUEUE_URL: setWhen('sessions are ended') })),
  seatKeys: onFirstUse(() =>
    z.discriminatedUnion('SEAT_KEYS', [
      z.object({ SEAT_KEYS: z.literal('kms'), SEAT_KEYS_KMS_KEY_ID: setWhen('SEAT_KEYS is kms') }),
      z.object({ SEAT_KEYS: z.literal('local'), LOCAL_MASTER_KEY: setWhen('SEAT_KEYS is local') }),
    ]),
  ),
  deviceKeys: onFirstUse(() =>
    z.discriminatedUnion('DEVICE_KEYS', [
      z.object({ DEVICE_KEYS: z.literal('kms'), DEVICE_KEYS_KMS_KEY_ID: setWhen('DEVICE_KEYS is kms') }),
      z.object({ DEVICE_KEYS: z.literal('local'), LOCAL_MASTER_KEY: setWhen('DEVICE_KEYS is local') }),
    ]),
  ),
  wrappedKeys: onFirstUse(() => z.object({ SEAT_KEYS_TABLE_NAME: setWhen('seat data keys are opened') })),
  evidenceStore: onFirstUse(() =>
    z.discriminatedUnion('EVIDENCE_STORE', [
      z.object({
        EVIDENCE_STORE: z.literal('s3'),
        EVIDENCE_BUCKET: setWhen('EVIDENCE_STORE is s3'),
        EVIDENCE_KMS_KEY_ID: setWhen('EVIDENCE_STORE is s3'),
      }),
      z.object({ EVIDENCE_STORE: z.literal('local'), LOCAL_MASTER_KEY: setWhen('EVIDENCE_STORE is local') }),
    ]),
  ),
  mail: onFirstUse(() =>
    z.discriminatedUnion('MAIL_DELIVERY', [
      z.object({ MAIL_DELIVERY: z.literal('log') }),
      z.object({ MAIL_DELIVERY: z.literal('ses'), MAIL_FROM: setWhen('MAIL_DELIVERY is ses') }),
    ]),
  ),
  notifications: onFirstUse(() =>
    z.discriminatedUnion('NOTIFY_DELIVERY', [
      z.object({ NOTIFY_DELIVERY: z.literal('log') }),
      z.object({
        NOTIFY_DELIVERY: z.literal('aws'),
        MAIL_FROM: setWhen('NOTIFY_DELIVERY is aws'),
      }),
    ]),
  ),
  reconnectScheduler: onFirstUse(() => oneTimeSchedules('RECONNECT_TARGET_ARN')),
  pauseResumeScheduler: onFirstUse(() => oneTimeSchedules('PAUSE_RESUME_TARGET_ARN')),
  trialEndingScheduler: onFirstUse(() => oneTimeSchedules('TRIAL_ENDING_TARGET_ARN')),
  historyOfferScheduler: onFirstUse(() => oneTimeSchedules('HISTORY_OFFER_EXPIRY_TARGET_ARN')),
  historyStuckScheduler: onFirstUse(() => oneTimeSchedules('HISTORY_STUCK_TARGET_ARN')),
  historyImportQueue: onFirstUse(() =>
    z.object({ HISTORY_IMPORT_QUEUE_URL: setWhen('history imports are admitted') }),
  ),
  signInMailsQueue: onFirstUse(() =>
    z.object({ SIGN_IN_MAILS_QUEUE_URL: setWhen('sign-in codes and links are requested') }),
  ),
  pushPlatforms: onFirstUse(() =>
    z.discriminatedUnion('NOTIFY_DELIVERY', [
      z.object({ NOTIFY_DELIVERY: z.literal('log') }),
      z.object({
        NOTIFY_DELIVERY: z.literal('aws'),
        PUSH_IOS_APPLICATION_ARN: setWhen('NOTIFY_DELIVERY is aws'),
        PUSH_ANDROID_APPLICATION_ARN: setWhen('NOTIFY_DELIVERY is aws'),
      }),
    ]),
  ),
  sessionProvider: onFirstUse(() =>
    z.object({
      SESSION_PROVIDER_URL: setWhen('sessions are created'),
      SESSION_PROVIDER_WEBHOOK_URL: setWhen('sessions are created'),
    }),
  ),
  sessionEventsQueue: onFirstUse(() =>
    z.object({ SESSION_EVENTS_QUEUE_URL: setWhen('session events are received') }),
  ),
  eventBodies: onFirstUse(() =>
    z.discriminatedUnion('EVENT_BODIES', [
      z.object({ EVENT_BODIES: z.literal('s3'), EVENT_BODIES_BUCKET: setWhen('EVENT_BODIES is s3') }),
      z.object({ EVENT_BODIES: z.literal('local'), EVENT_BODIES_DIR: z.string() }),
    ]),
  ),
  businessEventsQueue: onFirstUse(() =>
    z.object({ BUSINESS_EVENTS_QUEUE_URL: setWhen('business events are received') }),
  ),
  operators: onFirstUse(() =>
    z.discriminatedUnion('OPERATOR_AUTH', [
      z.object({
        OPERATOR_AUTH: z.literal('cognito'),
        OPERATOR_USER_POOL_ID: setWhen('OPERATOR_AUTH is cognito'),
        OPERATOR_CLIENT_ID: setWhen('OPERATOR_AUTH is cognito'),
      }),
      z.object({
        OPERATOR_AUTH: z.literal('local'),
        OPERATOR_ISSUER: setWhen('OPERATOR_AUTH is local'),
        OPERATOR_CLIENT_ID: setWhen('OPERATOR_AUTH is local'),
        OPERATOR_JWKS_JSON: z.object(
          { keys: z.array(z.record(z.string(), z.unknown())) },
          {
            error: 'must be set when OPERATOR_AUTH is local',
          },
        ),
      }),
    ]),
  ),
  analysis: onFirstUse(() =>
    z.discriminatedUnion('ANALYZER', [
      z.object({ ANALYZER: z.literal('rules'), ANALYSIS_SANDBOX_MARKER: z.enum(['on', 'off']) }),
      z.object({ ANALYZER: z.literal('bedrock'), ANALYSIS_MODEL_ID: setWhen('ANALYZER is bedrock') }),
      z.object({ ANALYZER: z.literal('cascade'), ANALYSIS_MODEL_ID: setWhen('ANALYZER is cascade') }),
    ]),
  ),
};

export type Capability = keyof typeof capabilities;
export type CapabilityConfig<C extends Capability> = z.infer<(typeof capabilities)[C]>;

/** The settings of the named capabilities, checked together: one error names every missing variable. */
export const parseCapabilities = <C extends Capability>(
  settings: Config,
  ...names: C[]
): { [N in C]: CapabilityConfig<N> } => {
  const issues: ConfigIssue[] = [];
  const parsed = names.map((name) => {
    const result = capabilities[name].safeParse(settings);
    if (!result.success) issues.push(...result.error.issues);
    return [name, result.data];
  });
  if (issues.length > 0) throw invalid(issues);
  return Object.fromEntries(parsed) as { [N in C]: CapabilityConfig<N> };
};

let loaded: Config | undefined;

/** The process's configuration, parsed on first use and kept. */
export const config = (): Config => (loaded ??= parseConfig(process.env));

/** The process's settings of the capabilities it wires, checked when it starts. */
export const configFor = <C extends Capability>(...names: C[]) => parseCapabilities(config(), ...names);
