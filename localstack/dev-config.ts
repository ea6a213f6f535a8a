import { operatorIssuer } from './operator-issuer';
/**
 * The local stack's own configuration: development-only secrets and the defaults of `npm start`.
 * Nothing here is read by handler code; the local stack puts it into the environment it gives them.
 */
export const devSecrets = {
  JWT_PRIVATE_JWK: JSON.stringify({
    kty: 'EC',
    crv: 'P-256',
    x: 'g-HR8eiXonFNw7Cvha5KasqNjbug-_9Ui3s50i3loLw',
    y: 'b34F87Io_72C9eSwx6VjrEYPEywxRjyYHnqbuBx33c0',
    d: 'YJQ2CTRV8wge0t0uGhWgrUrjzReD09749adKm1Gi3_Q',
  }),
  HASH_KEY: 'dev-hash-key-not-for-production',
  SESSION_PROVIDER_WEBHOOK_SECRET: 'dev-session-secret',
  SESSION_PROVIDER_API_KEY: 'dev-session-api-key',
  BUSINESS_PROVIDER_APP_SECRET: 'dev-app-secret',
  BUSINESS_PROVIDER_VERIFY_TOKEN: 'dev-verify-token',
  WHATSAPP_ACCESS_TOKEN: 'dev-whatsapp-token',
  LOCAL_MASTER_KEY: 'ZGV2LXNlYXQtbWFzdGVyLWtleS1ub3QtZm9yLXByb2Q=',
  PROXY_SUPPLIER_KEYS_JSON: JSON.stringify({ sim: 'dev-supplier-key' }),
} as const;

export const defaultPorts = {
  API_PORT: 3000,
  GATEWAY_PORT: 3001,
  RELAY_PORT: 3002,
  WEB_PORT: 3003,
  SESSION_PROVIDER_PORT: 3004,
  BUSINESS_PROVIDER_PORT: 3005,
  SUPPLIER_PORT: 3006,
  DYNAMODB_PORT: 8000,
  SQS_PORT: 3010,
  RELAY_PUSH_PORT: 3012,
} as const;

/** The environment the local stack gives the handlers: dev secrets, local endpoints, log mail. */
export const localEnvironment = (
  ports: {
    DYNAMODB_PORT: number;
    WEB_PORT: number;
    BUSINESS_PROVIDER_PORT: number;
    GATEWAY_PORT: number;
    /** The supplier simulator's (its default port when the caller runs none). */
    SUPPLIER_PORT?: number;
  },
  env: NodeJS.ProcessEnv,
) => ({
  STAGE: 'local',
  AWS_REGION: 'sa-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  TABLE_NAME: 'family-protection-local',
  // Named after the table, as the tests' tables are (test/support/table.ts).
  SEAT_KEYS_TABLE_NAME: `${env['TABLE_NAME'] ?? 'family-protection-local'}-seat-keys`,
  DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.DYNAMODB_PORT}`,
  MAIL_DELIVERY: 'log',
  CONSENT_PAGE_BASE_URL: `http://127.0.0.1:${ports.WEB_PORT}`,
  RELATIONSHIP_REGISTRY: 'sandbox',
  SEAT_KEYS: 'local',
  DEVICE_KEYS: 'local',
  // The rule-based analyzer, with the sandbox marker (`#risk:<category>:<severity>`) for tests.
  ANALYZER: 'rules',
  ANALYSIS_SANDBOX_MARKER: 'on',
  EVIDENCE_VERIFIER: 'local',
  EVIDENCE_STORE: 'local',
  EVENT_BODIES: 'local',
  WHATSAPP_API_BASE_URL: `http://127.0.0.1:${ports.BUSINESS_PROVIDER_PORT}`,
  WHATSAPP_PHONE_NUMBER_ID: 'dev-phone-number-id',
  // Shorter than in AWS, so tests see a send's timeout and its retries within seconds.
  WHATSAPP_TIMEOUT_MS: '2000',
  CONSENT_SEND_ATTEMPTS: '3',
  CONSENT_SEND_BACKOFF_SECONDS: '1',
  OTP_LINK_BASE_URL: `http://127.0.0.1:${ports.WEB_PORT}/login`,
  SESSION_PROVIDER_WEBHOOK_URL: `http://127.0.0.1:${ports.GATEWAY_PORT}/webhooks/session-provider`,
  SCHEDULER: 'embedded',
  NOTIFY_DELIVERY: 'log',
  // Nothing stands in front of the local stack: each caller names its own address, so tests can
  // give every user one (AWS takes only what its own edge saw).
  CLIENT_IP_SOURCE: 'forwarded-for-first',
  // Sessions never leave loopback locally: the simulator records the proxy and does not dial it.
  PROXIES_JSON: JSON.stringify([
    { label: 'local-a', address: 'http://sim:sim@127.0.0.1:3128', capacity: 10 },
    { label: 'local-b', address: 'http://sim:sim@127.0.0.1:3129', capacity: 10 },
  ]),
  // One supplier: the proxy-supplier simulator (its key is the dev secret above).
  PROXY_SUPPLIERS_JSON: JSON.stringify([
    {
      code: 'sim',
      baseUrl: `http://127.0.0.1:${ports.SUPPLIER_PORT ?? defaultPorts.SUPPLIER_PORT}`,
      products: ['br-residential', 'br-mobile'],
      monthlyBudget: 500_000,
      ceilings: { maxProxies: 50, maxPerOrder: 10 },
    },
  ]),
  // A new proxy address must open a tunnel to a server of this stack: nothing leaves loopback.
  PROXY_CHECK_TARGET: `127.0.0.1:${ports.GATEWAY_PORT}`,
  PROXY_CHECK_TIMEOUT_MS: '2000',
  // The proxies an operator adds here are the loopback simulators: only the local stack may dial
  // loopback (refused by default, and refused at start outside the local stage).
  LOOPBACK_PEERS: 'allowed',
  // Operators sign in with the local stand-in issuer (localstack/operator-issuer.ts).
  OPERATOR_AUTH: 'local',
  OPERATOR_ISSUER: operatorIssuer.issuer,
  OPERATOR_CLIENT_ID: operatorIssuer.clientId,
  OPERATOR_JWKS_JSON: JSON.stringify(operatorIssuer.jwks),
  ...devSecrets,
  // Whatever the user set wins over the local defaults.
  ...Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ),
});
