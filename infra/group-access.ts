import type { ServiceSecretName } from '../shared/adapters/crypto/service-secrets';
import type { ScheduleTargetName } from '../shared/adapters/scheduler/schedule-targets';
import type { AuthKind, FunctionGroup } from './routes';
import { indexPartitions, partitions, steps, tableGrants, type TableGrant } from './table-grants';

/**
 * What each function group of the route table (infra/routes.ts) may do and how much traffic reaches
 * it, and why its routes need no API Gateway authorizer: CDK and the access checks read this file,
 * the functions never do (.dependency-cruiser.cjs, test/infra/bundles.test.ts), so no API bundle
 * carries its grants.
 */

/** The KMS keys that wrap data keys: a seat's content (`seat`), a guardian's push token (`device`). */
export type DataKeyName = 'seat' | 'device';

/**
 * A function's use of a data key: `make` (GenerateDataKey) or `open` (Decrypt), always under the
 * key's own encryption context (infra/constructs/data-keys.ts). Only what analyses messages or serves
 * the excerpt opens a seat's key.
 */
export interface DataKeyGrant {
  key: DataKeyName;
  use: readonly ('make' | 'open')[];
}

/**
 * What a group's function is granted and how much traffic reaches it. CDK builds every group's
 * grants, throttle and concurrency from this row (a new group does not compile without one): nothing
 * is granted by hand per function.
 */
export interface GroupAccess {
  table: readonly TableGrant[];
  /**
   * The service's secrets it may read (through the Parameters and Secrets extension; each one's
   * ARN variable is set only where it is granted): `signingKey` only where access tokens are
   * issued (verifiers have the public keys, `JWT_PUBLIC_JWKS`), `hashKey` where keyed hashes are
   * made, `providerTokens` where a provider is called, `originSecret` behind CloudFront (which
   * also gives the group `CLOUDFRONT_ORIGIN_HEADER`).
   */
  secrets: readonly ServiceSecretName[];
  /** The data keys it makes or opens (none when absent). */
  dataKeys?: readonly DataKeyGrant[];
  /**
   * Whether it makes or ends sessions at the session provider: its URL, its API key (in
   * `providerTokens`) and the sessions' webhook key (the gateway's secret), which it hands to a new
   * session.
   */
  sessionProvider?: true;
  /** The schedule targets it schedules (by their rows' names in infra/consumers.ts). */
  schedules?: readonly ScheduleTargetName[];
  /**
   * API Gateway's ceiling for each route of the group (requests per second, steady and burst, all
   * callers together): a flood answers 429 before any function runs. It bounds cost and keeps one
   * route's flood from the others; the spec's per-address and per-link limits stay the use cases'
   * (they answer in the envelope).
   */
  throttle: { rate: number; burst: number };
  /** Concurrency set aside for the function, which is also the most it runs at once. */
  reservedConcurrency?: number;
}

export const groupAccess = {
  // Public sign-in: a tight ceiling, the per-address limits behind it.
  auth: {
    // The address's lookup and challenge, the link, a new user, its windows.
    table: tableGrants([
      {
        [partitions.email]: ['Query', 'GetItem', 'PutItem', 'UpdateItem'],
        [partitions.magicLink]: ['GetItem', 'PutItem', 'UpdateItem'],
        [partitions.user]: ['PutItem'],
      },
      steps.countsRate('otp_*'),
    ]),
    // Sign-in counts the caller's address: behind CloudFront, through the origin secret.
    secrets: ['signingKey', 'hashKey', 'originSecret'],
    throttle: { rate: 50, burst: 100 },
  },
  accounts: {
    // Profiles, families and members (a removed member is its one delete), subscriptions, devices,
    // stream tickets; a member's copies of names and channels; a user's families on GSI1.
    table: tableGrants(
      [
        steps.readsFamily,
        {
          [partitions.family]: ['PutItem', 'UpdateItem', 'ConditionCheckItem', 'DeleteItem'],
          [partitions.events]: ['PutItem'],
          [partitions.user]: ['GetItem', 'BatchGetItem', 'PutItem'],
          [partitions.email]: ['GetItem', 'PutItem'],
          [partitions.inbox]: ['GetItem', 'BatchGetItem', 'UpdateItem'],
          [partitions.ticket]: ['PutItem'],
        },
      ],
      { GSI1: [indexPartitions.memberships] },
    ),
    secrets: ['hashKey'],
    // Devices' push tokens, wrapped at registration and unwrapped for a new endpoint.
    dataKeys: [{ key: 'device', use: ['make', 'open'] }],
    throttle: { rate: 200, burst: 400 },
  },
  seats: {
    // Seats and their consent requests, activation (a subscription, a link), pauses; the owner's
    // user, the members' settings for the protection card.
    table: tableGrants([
      steps.readsFamily,
      steps.changesSeats,
      steps.countsWeek,
      {
        [partitions.family]: ['ConditionCheckItem'],
        [partitions.consentLink]: ['PutItem'],
        [partitions.user]: ['GetItem', 'BatchGetItem'],
        [partitions.inbox]: ['BatchGetItem'],
      },
    ]),
    secrets: ['hashKey', 'providerTokens'],
    // A seat's data key is made at its activation.
    dataKeys: [{ key: 'seat', use: ['make'] }],
    // A pause's end, at the pause's `until`.
    schedules: ['pauseResume'],
    throttle: { rate: 200, burst: 400 },
  },
  consent: {
    // The person's page by link: answers and a stop (which ends the pairing) notify the family.
    table: tableGrants([
      steps.countsRate('consent_read_*', 'consent_write_*'),
      steps.opensConsentLink,
      steps.readsFamily,
      steps.changesSeats,
      steps.countsWeek,
      steps.movesPairings,
      steps.notifiesFamily,
    ]),
    secrets: ['hashKey', 'providerTokens', 'originSecret'],
    // A new consent after the person stopped makes the seat a new data key; the stop ends the session.
    dataKeys: [{ key: 'seat', use: ['make'] }],
    sessionProvider: true,
    throttle: { rate: 100, burst: 200 },
  },
  evidence: {
    // Counts its budget, finds the link, saves the seat: it never deletes.
    table: tableGrants([
      steps.countsRate('consent_evidence_*'),
      steps.opensConsentLink,
      steps.readsFamily,
      steps.changesSeats,
    ]),
    secrets: ['hashKey', 'originSecret'],
    throttle: { rate: 10, burst: 20 },
    // A public route that decodes images and audio: at most 20 uploads at once, so a flood of them
    // costs a bounded amount and never takes the account's concurrency from the other functions
    // (the per-link and per-IP limits bound each sender).
    reservedConcurrency: 20,
  },
  pairing: {
    // Pairings (the guardian's and the person's by link): a proxy slot taken from the pool (its
    // configured addresses registered on first use), moves and ends; the members' phones.
    table: tableGrants([
      steps.countsRate('pairing_start_*', 'pairing_passkey_*', 'pairing_read_*'),
      steps.opensConsentLink,
      steps.readsFamily,
      steps.changesSeats,
      steps.countsWeek,
      steps.movesPairings,
      steps.registersProxies,
      { [partitions.proxies]: ['Query', 'UpdateItem'], [partitions.user]: ['GetItem'] },
    ]),
    secrets: ['hashKey', 'providerTokens', 'originSecret'],
    sessionProvider: true,
    throttle: { rate: 100, burst: 200 },
  },
  alerts: {
    // Alerts (their lists on the indexes, decisions) and an excerpt (its window, the seat's sealed
    // messages read by key, its audit entry and the day's read count, in the family's partition).
    // Nothing is deleted.
    table: tableGrants(
      [
        {
          [partitions.family]: ['UpdateItem'],
          [partitions.alerts]: ['Query', 'GetItem', 'PutItem'],
          [partitions.sealedMessages]: ['BatchGetItem'],
          [partitions.audit]: ['PutItem'],
        },
        steps.readsFamily,
        steps.changesSeats,
        steps.countsRate('excerpt'),
      ],
      {
        GSI1: [indexPartitions.alertsByStatus],
        GSI2: [indexPartitions.alertsBySeat],
        GSI3: [indexPartitions.alertsBySeatAndStatus],
      },
    ),
    secrets: ['hashKey'],
    // An alert's excerpt opens its seat's data key.
    dataKeys: [{ key: 'seat', use: ['open'] }],
    throttle: { rate: 200, burst: 400 },
  },
  notifications: {
    // A guardian's inbox (its pages, reads and unread count) and preferences (the settings item
    // beside it), copied on their member items in the families found on GSI1. Nothing is deleted.
    table: tableGrants(
      [{ [partitions.inbox]: ['Query', 'GetItem', 'UpdateItem'], [partitions.family]: ['UpdateItem'] }],
      { GSI1: [indexPartitions.memberships] },
    ),
    secrets: ['hashKey'],
    throttle: { rate: 200, burst: 400 },
  },
  // Reads one item and the table's description; holds no secret.
  health: {
    table: [
      ...tableGrants([{ [partitions.health]: ['GetItem'] }]),
      {
        actions: ['dynamodb:DescribeTable'],
        unconfined:
          'DescribeTable acts on the table itself (is its stream on?): it reads no item and has no leading key',
      },
    ],
    secrets: [],
    throttle: { rate: 20, burst: 40 },
  },
  // An operator's pairing reset ends the session; operators never open content (no data key).
  admin: {
    // The roster and the audit trail, the backoffice's lists (on the indexes) and overview, a user
    // found by address, a pairing reset, the proxy pool (registered on first use, added, burned).
    table: tableGrants(
      [
        steps.readsRoster,
        steps.audits,
        steps.readsFamily,
        steps.changesSeats,
        steps.countsWeek,
        steps.movesPairings,
        steps.registersProxies,
        {
          [partitions.roster]: ['PutItem'],
          [partitions.overview]: ['Query'],
          [partitions.email]: ['GetItem'],
          [partitions.user]: ['GetItem'],
          [partitions.proxies]: ['Query'],
        },
      ],
      {
        GSI1: [
          indexPartitions.audit,
          indexPartitions.users,
          indexPartitions.dependents,
          indexPartitions.accounts,
          indexPartitions.subscriptions,
          indexPartitions.connections,
        ],
        GSI2: [
          indexPartitions.consents,
          indexPartitions.customers,
          indexPartitions.connectionsByStatus,
          indexPartitions.seatTimeline,
        ],
        GSI3: [indexPartitions.proxyBindings],
      },
    ),
    secrets: ['hashKey', 'providerTokens'],
    sessionProvider: true,
    throttle: { rate: 20, burst: 40 },
  },
  history: {
    // Imports asked, accepted (the person's by link) and cancelled; the queue they move (an entry
    // leaves and a slot frees: its deletes).
    table: tableGrants([
      steps.countsRate('pairing_historyAccept_*'),
      steps.opensConsentLink,
      steps.readsFamily,
      steps.changesSeats,
      steps.notifiesFamily,
      steps.queuesImports,
      steps.admitsImports,
      steps.freesImportSlots,
    ]),
    // The person's accept (`/consent-requests/{token}/history-import/accept`) counts their address.
    secrets: ['hashKey', 'originSecret'],
    // The import queue moves: an offer's expiry, a running import's check.
    schedules: ['historyOfferExpiry', 'historyStuck'],
    throttle: { rate: 50, burst: 100 },
  },
  // Operators' supply: the suppliers' keys are its own secret (infra/stacks/stateless.stack.ts).
  supply: {
    // The supply's orders and quotes, the proxies its orders add to the pool, the audit trail.
    table: tableGrants([
      steps.readsRoster,
      steps.audits,
      steps.registersProxies,
      { [partitions.supply]: ['Query', 'PutItem'], [partitions.supplyQuote]: ['GetItem', 'PutItem'] },
    ]),
    secrets: [],
    throttle: { rate: 10, burst: 20 },
  },
} as const satisfies Record<FunctionGroup, GroupAccess>;

/**
 * Why a route without an API Gateway authorizer is not open (cdk-nag APIG4), by its auth kind; an
 * operator route has the JWT authorizer. Said once per kind, CDK acknowledges it on each route.
 */
export const authorizationInFunction: Record<Exclude<AuthKind, 'operator'>, string> = {
  public:
    'Public by the spec: a consent route’s credential is the link token in its path, checked by the use case against its hash (rate limited per link and per address); sign-in, the catalog, health and the document need none.',
  bearer:
    'The guardian’s access token is our own ES256 token, verified by the function (signature, issuer, audience, expiry) before any use case runs; membership of the family is checked by the use case.',
};

/**
 * API Gateway's ceiling for each webhook route (all senders together), a bound on cost only: the
 * edge's web ACL stops a flood per sender and caps every sender not listed as a provider's at a tenth
 * of this together (infra/edge.ts), so the providers' signed deliveries always find room here.
 */
export const gatewayThrottle = { rate: 1000, burst: 2000 } as const;

/** Why a webhook route has no API Gateway authorizer (cdk-nag APIG4). */
export const gatewayAuthorization =
  'A provider signs each delivery (HMAC of the body with the shared key; the business provider’s handshake answers its verify token): the function checks it before anything is queued. The gateway’s health route is public by design.';
