import type { ServiceSecretName } from '../shared/adapters/crypto/service-secrets';
import type { ScheduleTargetName } from '../shared/adapters/scheduler/schedule-targets';
import { decodePathSegment } from '../shared/http/request';
import { indexPartitions, partitions, steps, tableGrants, type TableGrant } from './table-grants';

export type { TableGrant } from './table-grants';

/**
 * The one route table: method, path, function group, auth kind and the operation that serves it.
 * CDK (infra/stacks/stateless.stack.ts) and the local stack (localstack/api-server.ts) both read it;
 * each group's handler (functions/api/<group>/handler.ts) implements exactly its operations.
 */
export const functionGroups = [
  'auth',
  'accounts',
  'seats',
  'consent',
  'evidence',
  'pairing',
  'alerts',
  'health',
  'admin',
  'history',
  'supply',
] as const;
export type FunctionGroup = (typeof functionGroups)[number];

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
    // Notifications (a guardian's inbox; preferences copied on their member items), alerts (their
    // lists on the indexes, decisions), an excerpt (its window, the seat's sealed messages read by
    // key, its audit entry and the day's read count). Nothing is deleted.
    table: tableGrants(
      [
        {
          [partitions.inbox]: ['Query', 'GetItem', 'UpdateItem'],
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
        GSI1: [indexPartitions.memberships, indexPartitions.alertsByStatus],
        GSI2: [indexPartitions.alertsBySeat],
        GSI3: [indexPartitions.alertsBySeatAndStatus],
      },
    ),
    secrets: ['hashKey'],
    // An alert's excerpt opens its seat's data key.
    dataKeys: [{ key: 'seat', use: ['open'] }],
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
 * `public`: no credential (the consent routes' credential is the link token in the path, checked by
 * the use case). `bearer`: a guardian's access token (membership is checked by the use case).
 * `operator`: an operator's access token of a roster member (an owner-only route's role is checked by
 * the use case); in AWS the HTTP API's JWT authorizer checks it first.
 */
export type AuthKind = 'public' | 'bearer' | 'operator';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  path: string;
  group: FunctionGroup;
  auth: AuthKind;
  operation: string;
}

export const routes = [
  { method: 'POST', path: '/auth/otp/request', group: 'auth', auth: 'public', operation: 'requestOtp' },
  { method: 'POST', path: '/auth/otp/verify', group: 'auth', auth: 'public', operation: 'verifyOtp' },
  { method: 'POST', path: '/auth/otp/resend', group: 'auth', auth: 'public', operation: 'resendLink' },

  { method: 'GET', path: '/me', group: 'accounts', auth: 'bearer', operation: 'getProfile' },
  { method: 'PATCH', path: '/me', group: 'accounts', auth: 'bearer', operation: 'updateProfile' },
  { method: 'POST', path: '/me/devices', group: 'accounts', auth: 'bearer', operation: 'registerDevice' },
  {
    method: 'DELETE',
    path: '/me/devices/{uid}',
    group: 'accounts',
    auth: 'bearer',
    operation: 'removeDevice',
  },
  { method: 'POST', path: '/accounts', group: 'accounts', auth: 'bearer', operation: 'createAccount' },
  { method: 'GET', path: '/accounts', group: 'accounts', auth: 'bearer', operation: 'listAccounts' },
  {
    method: 'GET',
    path: '/accounts/{uid}/onboarding',
    group: 'accounts',
    auth: 'bearer',
    operation: 'getOnboarding',
  },
  { method: 'GET', path: '/accounts/{uid}/home', group: 'accounts', auth: 'bearer', operation: 'getHome' },
  {
    method: 'GET',
    path: '/accounts/{uid}/members',
    group: 'accounts',
    auth: 'bearer',
    operation: 'listMembers',
  },
  {
    method: 'POST',
    path: '/accounts/{uid}/members',
    group: 'accounts',
    auth: 'bearer',
    operation: 'inviteMember',
  },
  {
    method: 'PATCH',
    path: '/accounts/{uid}/members/{memberUid}',
    group: 'accounts',
    auth: 'bearer',
    operation: 'updateMember',
  },
  {
    method: 'DELETE',
    path: '/accounts/{uid}/members/{memberUid}',
    group: 'accounts',
    auth: 'bearer',
    operation: 'removeMember',
  },
  { method: 'GET', path: '/catalog', group: 'accounts', auth: 'public', operation: 'getCatalog' },

  { method: 'POST', path: '/accounts/{uid}/seats', group: 'seats', auth: 'bearer', operation: 'createSeat' },
  { method: 'GET', path: '/seats/{uid}', group: 'seats', auth: 'bearer', operation: 'getSeat' },
  { method: 'DELETE', path: '/seats/{uid}', group: 'seats', auth: 'bearer', operation: 'removeSeat' },
  {
    method: 'PUT',
    path: '/seats/{uid}/dependent',
    group: 'seats',
    auth: 'bearer',
    operation: 'putDependent',
  },

  {
    method: 'POST',
    path: '/accounts/{uid}/subscription',
    group: 'accounts',
    auth: 'bearer',
    operation: 'createSubscription',
  },
  {
    method: 'GET',
    path: '/accounts/{uid}/subscription',
    group: 'accounts',
    auth: 'bearer',
    operation: 'getSubscription',
  },

  {
    method: 'POST',
    path: '/seats/{uid}/consent-request',
    group: 'seats',
    auth: 'bearer',
    operation: 'askConsent',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/consent-request/resend',
    group: 'seats',
    auth: 'bearer',
    operation: 'resendConsent',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/activate',
    group: 'seats',
    auth: 'bearer',
    operation: 'activateSeat',
  },
  { method: 'GET', path: '/seats/{uid}/consent', group: 'seats', auth: 'bearer', operation: 'getConsent' },
  {
    method: 'GET',
    path: '/seats/{uid}/protection',
    group: 'seats',
    auth: 'bearer',
    operation: 'getProtection',
  },
  { method: 'POST', path: '/seats/{uid}/pause', group: 'seats', auth: 'bearer', operation: 'pauseSeat' },
  { method: 'POST', path: '/seats/{uid}/resume', group: 'seats', auth: 'bearer', operation: 'resumeSeat' },

  {
    method: 'GET',
    path: '/consent-requests/{token}',
    group: 'consent',
    auth: 'public',
    operation: 'readConsentPage',
  },
  {
    method: 'GET',
    path: '/consent-requests/{token}/protection',
    group: 'consent',
    auth: 'public',
    operation: 'readPersonProtection',
  },
  {
    method: 'POST',
    path: '/consent-requests/{token}/evidence',
    group: 'evidence',
    auth: 'public',
    operation: 'submitEvidence',
  },
  {
    method: 'POST',
    path: '/consent-requests/{token}/accept',
    group: 'consent',
    auth: 'public',
    operation: 'acceptConsent',
  },
  {
    method: 'POST',
    path: '/consent-requests/{token}/decline',
    group: 'consent',
    auth: 'public',
    operation: 'declineConsent',
  },
  {
    method: 'POST',
    path: '/consent-requests/{token}/stop',
    group: 'consent',
    auth: 'public',
    operation: 'stopProtection',
  },

  {
    method: 'GET',
    path: '/seats/{uid}/channels',
    group: 'pairing',
    auth: 'bearer',
    operation: 'listChannels',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/channels/{channel}',
    group: 'pairing',
    auth: 'bearer',
    operation: 'contractChannel',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/pairing',
    group: 'pairing',
    auth: 'bearer',
    operation: 'startPairing',
  },
  { method: 'GET', path: '/seats/{uid}/pairing', group: 'pairing', auth: 'bearer', operation: 'readPairing' },
  {
    method: 'DELETE',
    path: '/seats/{uid}/pairing',
    group: 'pairing',
    auth: 'bearer',
    operation: 'unlinkPairing',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/pairing/passkey',
    group: 'pairing',
    auth: 'bearer',
    operation: 'answerPasskey',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/pairing/challenge',
    group: 'pairing',
    auth: 'bearer',
    operation: 'renewChallenge',
  },
  {
    method: 'GET',
    path: '/seats/{uid}/pairing/avatar',
    group: 'pairing',
    auth: 'bearer',
    operation: 'pairingAvatar',
  },
  {
    method: 'POST',
    path: '/consent-requests/{token}/pairing',
    group: 'pairing',
    auth: 'public',
    operation: 'startPersonPairing',
  },
  {
    method: 'GET',
    path: '/consent-requests/{token}/pairing',
    group: 'pairing',
    auth: 'public',
    operation: 'readPersonPairing',
  },
  {
    method: 'POST',
    path: '/consent-requests/{token}/pairing/passkey',
    group: 'pairing',
    auth: 'public',
    operation: 'answerPersonPasskey',
  },

  {
    method: 'POST',
    path: '/accounts/{uid}/events/ticket',
    group: 'accounts',
    auth: 'bearer',
    operation: 'issueStreamTicket',
  },

  { method: 'GET', path: '/notifications', group: 'alerts', auth: 'bearer', operation: 'listNotifications' },
  {
    method: 'POST',
    path: '/notifications/{id}/read',
    group: 'alerts',
    auth: 'bearer',
    operation: 'readNotification',
  },
  {
    method: 'GET',
    path: '/notifications/preferences',
    group: 'alerts',
    auth: 'bearer',
    operation: 'getNotificationPreferences',
  },
  {
    method: 'PUT',
    path: '/notifications/preferences',
    group: 'alerts',
    auth: 'bearer',
    operation: 'updateNotificationPreferences',
  },
  {
    method: 'POST',
    path: '/notifications/read-all',
    group: 'alerts',
    auth: 'bearer',
    operation: 'readAllNotifications',
  },
  { method: 'GET', path: '/accounts/{uid}/alerts', group: 'alerts', auth: 'bearer', operation: 'listAlerts' },
  {
    method: 'POST',
    path: '/alerts/{uid}/resolve',
    group: 'alerts',
    auth: 'bearer',
    operation: 'resolveAlert',
  },
  {
    method: 'POST',
    path: '/alerts/{uid}/dismiss',
    group: 'alerts',
    auth: 'bearer',
    operation: 'dismissAlert',
  },
  {
    method: 'POST',
    path: '/alerts/{uid}/excerpt',
    group: 'alerts',
    auth: 'bearer',
    operation: 'readAlertExcerpt',
  },

  { method: 'GET', path: '/health', group: 'health', auth: 'public', operation: 'health' },
  { method: 'GET', path: '/openapi.json', group: 'health', auth: 'public', operation: 'openApiDocument' },

  {
    method: 'GET',
    path: '/admin/members',
    group: 'admin',
    auth: 'operator',
    operation: 'listOperatorMembers',
  },
  {
    method: 'POST',
    path: '/admin/members',
    group: 'admin',
    auth: 'operator',
    operation: 'inviteOperatorMember',
  },
  {
    method: 'PATCH',
    path: '/admin/members/{uid}',
    group: 'admin',
    auth: 'operator',
    operation: 'changeOperatorRole',
  },
  {
    method: 'DELETE',
    path: '/admin/members/{uid}',
    group: 'admin',
    auth: 'operator',
    operation: 'removeOperatorMember',
  },
  { method: 'GET', path: '/admin/audit', group: 'admin', auth: 'operator', operation: 'listAudit' },
  { method: 'GET', path: '/admin/overview', group: 'admin', auth: 'operator', operation: 'readOverview' },
  { method: 'GET', path: '/admin/users', group: 'admin', auth: 'operator', operation: 'listUsers' },
  {
    method: 'GET',
    path: '/admin/seats/{uid}/timeline',
    group: 'admin',
    auth: 'operator',
    operation: 'seatTimeline',
  },
  {
    method: 'GET',
    path: '/admin/dependents',
    group: 'admin',
    auth: 'operator',
    operation: 'listDependents',
  },
  {
    method: 'POST',
    path: '/admin/seats/{uid}/pairing/reset',
    group: 'admin',
    auth: 'operator',
    operation: 'resetPairing',
  },
  {
    method: 'GET',
    path: '/seats/{uid}/history-import',
    group: 'history',
    auth: 'bearer',
    operation: 'getHistoryImport',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/history-import',
    group: 'history',
    auth: 'bearer',
    operation: 'requestHistoryImport',
  },
  {
    method: 'POST',
    path: '/seats/{uid}/history-import/accept',
    group: 'history',
    auth: 'bearer',
    operation: 'acceptHistoryImport',
  },
  {
    method: 'DELETE',
    path: '/seats/{uid}/history-import',
    group: 'history',
    auth: 'bearer',
    operation: 'cancelHistoryImport',
  },
  {
    method: 'POST',
    path: '/consent-requests/{token}/history-import/accept',
    group: 'history',
    auth: 'public',
    operation: 'acceptPersonHistoryImport',
  },
  {
    method: 'GET',
    path: '/admin/connections',
    group: 'admin',
    auth: 'operator',
    operation: 'listConnections',
  },
  { method: 'GET', path: '/admin/consents', group: 'admin', auth: 'operator', operation: 'listConsents' },
  { method: 'GET', path: '/admin/accounts', group: 'admin', auth: 'operator', operation: 'listAllAccounts' },
  {
    method: 'GET',
    path: '/admin/subscriptions',
    group: 'admin',
    auth: 'operator',
    operation: 'listSubscriptions',
  },
  { method: 'GET', path: '/admin/customers', group: 'admin', auth: 'operator', operation: 'listCustomers' },
  {
    method: 'POST',
    path: '/admin/proxy-supply/quotes',
    group: 'supply',
    auth: 'operator',
    operation: 'quoteSupply',
  },
  {
    method: 'POST',
    path: '/admin/proxy-supply/orders',
    group: 'supply',
    auth: 'operator',
    operation: 'placeSupplyOrder',
  },
  {
    method: 'POST',
    path: '/admin/proxy-supply/orders/{uid}/renew',
    group: 'supply',
    auth: 'operator',
    operation: 'renewSupplyOrder',
  },
  {
    method: 'GET',
    path: '/admin/proxy-supply/balance',
    group: 'supply',
    auth: 'operator',
    operation: 'readSupplyBalance',
  },
  {
    method: 'GET',
    path: '/admin/proxy-supply/renewals',
    group: 'supply',
    auth: 'operator',
    operation: 'listSupplyRenewals',
  },
  {
    method: 'GET',
    path: '/admin/proxy-supply/validity',
    group: 'supply',
    auth: 'operator',
    operation: 'listSupplyValidity',
  },
  {
    method: 'GET',
    path: '/admin/proxy-supply/ceilings',
    group: 'supply',
    auth: 'operator',
    operation: 'readSupplyCeilings',
  },
  { method: 'GET', path: '/admin/proxies', group: 'admin', auth: 'operator', operation: 'listProxies' },
  { method: 'POST', path: '/admin/proxies', group: 'admin', auth: 'operator', operation: 'addProxy' },
  {
    method: 'GET',
    path: '/admin/proxies/{uid}/bindings',
    group: 'admin',
    auth: 'operator',
    operation: 'listProxyBindings',
  },
  {
    method: 'POST',
    path: '/admin/proxies/{uid}/burn',
    group: 'admin',
    auth: 'operator',
    operation: 'burnProxy',
  },
  {
    method: 'POST',
    path: '/admin/proxies/{uid}/retire',
    group: 'admin',
    auth: 'operator',
    operation: 'retireProxy',
  },
] as const satisfies readonly Route[];

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

/** The operations one group must implement, as a type: a handler missing one does not compile. */
export type OperationsOf<G extends FunctionGroup> = Extract<
  (typeof routes)[number],
  { group: G }
>['operation'];

/** API Gateway's route key, e.g. `GET /seats/{uid}`: what the handler's router matches on. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** API Gateway sends unmatched requests to `$default`; the health group answers them 404 in the envelope. */
export const fallbackRoute = { routeKey: '$default', group: 'health' } as const satisfies {
  routeKey: string;
  group: FunctionGroup;
};

/** Where a group's handler lives, relative to the repository root (CDK bundles it, the local stack imports it). */
export const handlerEntry = (group: FunctionGroup): string => `functions/api/${group}/handler.ts`;

/**
 * Path template to a matcher: `/seats/{uid}` matches `/seats/st_x` with `{ uid: 'st_x' }`. A
 * parameter whose percent-encoding is malformed matches nothing (the `$default` route answers it).
 */
export const pathMatcher = (path: string): ((actual: string) => Record<string, string> | null) => {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return (actual) => {
    const match = pattern.exec(actual);
    if (match === null) return null;
    const values = names.map((_, index) => decodePathSegment(match[index + 1] ?? ''));
    if (values.some((value) => value === null)) return null;
    return Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']));
  };
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

/**
 * The gateway's own HTTP API (inbound webhooks): one function per `name` (a provider's routes share
 * it), never the domain's table. CDK and the local stack both read this list.
 */
export const gatewayRoutes = [
  {
    method: 'POST',
    path: '/webhooks/session-provider',
    name: 'SessionProviderWebhook',
    entry: 'functions/webhooks/session-provider/handler.ts',
  },
  {
    method: 'GET',
    path: '/webhooks/business-provider',
    name: 'BusinessProviderWebhook',
    entry: 'functions/webhooks/business-provider/handler.ts',
  },
  {
    method: 'POST',
    path: '/webhooks/business-provider',
    name: 'BusinessProviderWebhook',
    entry: 'functions/webhooks/business-provider/handler.ts',
  },
  { method: 'GET', path: '/health', name: 'GatewayHealth', entry: 'functions/webhooks/health/handler.ts' },
] as const satisfies readonly { method: Method; path: string; name: string; entry: string }[];
