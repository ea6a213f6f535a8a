/**
 * The one route table: method, path, function group, auth kind and the operation that serves it.
 * CDK (infra/stacks/stateless.stack.ts) and the local stack (localstack/api-server.ts) both read it;
 * each group's handler (functions/api/<group>/handler.ts) implements exactly its operations. What a
 * group's function may do (its IAM grants, its throttle) is its row of infra/group-access.ts, which
 * no function bundles; how a request finds its row is shared/http/route-match.ts.
 */
export const functionGroups = [
  'auth',
  'accounts',
  'seats',
  'consent',
  'evidence',
  'pairing',
  'alerts',
  'notifications',
  'health',
  'admin',
  'history',
  'supply',
] as const;
export type FunctionGroup = (typeof functionGroups)[number];

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

type Row = readonly [method: Method, path: string, auth: AuthKind, operation: string];

/** One group's rows, each `[method, path, auth, operation]`, as routes of that group. */
const served = <const G extends FunctionGroup, const Rows extends readonly Row[]>(group: G, rows: Rows) =>
  rows.map(([method, path, auth, operation]) => ({ method, path, group, auth, operation })) as {
    -readonly [K in keyof Rows]: {
      method: Rows[K][0];
      path: Rows[K][1];
      group: G;
      auth: Rows[K][2];
      operation: Rows[K][3];
    };
  };

export const routes = [
  ...served('auth', [
    ['POST', '/auth/otp/request', 'public', 'requestOtp'],
    ['POST', '/auth/otp/verify', 'public', 'verifyOtp'],
    ['POST', '/auth/otp/resend', 'public', 'resendLink'],
  ]),
  ...served('accounts', [
    ['GET', '/me', 'bearer', 'getProfile'],
    ['PATCH', '/me', 'bearer', 'updateProfile'],
    ['POST', '/me/devices', 'bearer', 'registerDevice'],
    ['DELETE', '/me/devices/{uid}', 'bearer', 'removeDevice'],
    ['POST', '/accounts', 'bearer', 'createAccount'],
    ['GET', '/accounts', 'bearer', 'listAccounts'],
    ['GET', '/accounts/{uid}/onboarding', 'bearer', 'getOnboarding'],
    ['GET', '/accounts/{uid}/home', 'bearer', 'getHome'],
    ['GET', '/accounts/{uid}/members', 'bearer', 'listMembers'],
    ['POST', '/accounts/{uid}/members', 'bearer', 'inviteMember'],
    ['PATCH', '/accounts/{uid}/members/{memberUid}', 'bearer', 'updateMember'],
    ['DELETE', '/accounts/{uid}/members/{memberUid}', 'bearer', 'removeMember'],
    ['GET', '/catalog', 'public', 'getCatalog'],
    ['POST', '/accounts/{uid}/subscription', 'bearer', 'createSubscription'],
    ['GET', '/accounts/{uid}/subscription', 'bearer', 'getSubscription'],
    ['POST', '/accounts/{uid}/events/ticket', 'bearer', 'issueStreamTicket'],
  ]),
  ...served('seats', [
    ['POST', '/accounts/{uid}/seats', 'bearer', 'createSeat'],
    ['GET', '/seats/{uid}', 'bearer', 'getSeat'],
    ['DELETE', '/seats/{uid}', 'bearer', 'removeSeat'],
    ['PUT', '/seats/{uid}/dependent', 'bearer', 'putDependent'],
    ['POST', '/seats/{uid}/consent-request', 'bearer', 'askConsent'],
    ['POST', '/seats/{uid}/consent-request/resend', 'bearer', 'resendConsent'],
    ['POST', '/seats/{uid}/activate', 'bearer', 'activateSeat'],
    ['GET', '/seats/{uid}/consent', 'bearer', 'getConsent'],
    ['GET', '/seats/{uid}/protection', 'bearer', 'getProtection'],
    ['POST', '/seats/{uid}/pause', 'bearer', 'pauseSeat'],
    ['POST', '/seats/{uid}/resume', 'bearer', 'resumeSeat'],
  ]),
  ...served('consent', [
    ['GET', '/consent-requests/{token}', 'public', 'readConsentPage'],
    ['GET', '/consent-requests/{token}/protection', 'public', 'readPersonProtection'],
    ['POST', '/consent-requests/{token}/accept', 'public', 'acceptConsent'],
    ['POST', '/consent-requests/{token}/decline', 'public', 'declineConsent'],
    ['POST', '/consent-requests/{token}/stop', 'public', 'stopProtection'],
  ]),
  ...served('evidence', [['POST', '/consent-requests/{token}/evidence', 'public', 'submitEvidence']]),
  ...served('pairing', [
    ['GET', '/seats/{uid}/channels', 'bearer', 'listChannels'],
    ['POST', '/seats/{uid}/channels/{channel}', 'bearer', 'contractChannel'],
    ['POST', '/seats/{uid}/pairing', 'bearer', 'startPairing'],
    ['GET', '/seats/{uid}/pairing', 'bearer', 'readPairing'],
    ['DELETE', '/seats/{uid}/pairing', 'bearer', 'unlinkPairing'],
    ['POST', '/seats/{uid}/pairing/passkey', 'bearer', 'answerPasskey'],
    ['POST', '/seats/{uid}/pairing/challenge', 'bearer', 'renewChallenge'],
    ['GET', '/seats/{uid}/pairing/avatar', 'bearer', 'pairingAvatar'],
    ['POST', '/consent-requests/{token}/pairing', 'public', 'startPersonPairing'],
    ['GET', '/consent-requests/{token}/pairing', 'public', 'readPersonPairing'],
    ['POST', '/consent-requests/{token}/pairing/passkey', 'public', 'answerPersonPasskey'],
  ]),
  ...served('alerts', [
    ['GET', '/accounts/{uid}/alerts', 'bearer', 'listAlerts'],
    ['POST', '/alerts/{uid}/resolve', 'bearer', 'resolveAlert'],
    ['POST', '/alerts/{uid}/dismiss', 'bearer', 'dismissAlert'],
    ['POST', '/alerts/{uid}/excerpt', 'bearer', 'readAlertExcerpt'],
  ]),
  ...served('notifications', [
    ['GET', '/notifications', 'bearer', 'listNotifications'],
    ['POST', '/notifications/{id}/read', 'bearer', 'readNotification'],
    ['GET', '/notifications/preferences', 'bearer', 'getNotificationPreferences'],
    ['PUT', '/notifications/preferences', 'bearer', 'updateNotificationPreferences'],
    ['POST', '/notifications/read-all', 'bearer', 'readAllNotifications'],
  ]),
  ...served('health', [
    ['GET', '/health', 'public', 'health'],
    ['GET', '/openapi.json', 'public', 'openApiDocument'],
  ]),
  ...served('admin', [
    ['GET', '/admin/members', 'operator', 'listOperatorMembers'],
    ['POST', '/admin/members', 'operator', 'inviteOperatorMember'],
    ['PATCH', '/admin/members/{uid}', 'operator', 'changeOperatorRole'],
    ['DELETE', '/admin/members/{uid}', 'operator', 'removeOperatorMember'],
    ['GET', '/admin/audit', 'operator', 'listAudit'],
    ['GET', '/admin/overview', 'operator', 'readOverview'],
    ['GET', '/admin/users', 'operator', 'listUsers'],
    ['GET', '/admin/seats/{uid}/timeline', 'operator', 'seatTimeline'],
    ['GET', '/admin/dependents', 'operator', 'listDependents'],
    ['POST', '/admin/seats/{uid}/pairing/reset', 'operator', 'resetPairing'],
    ['GET', '/admin/connections', 'operator', 'listConnections'],
    ['GET', '/admin/consents', 'operator', 'listConsents'],
    ['GET', '/admin/accounts', 'operator', 'listAllAccounts'],
    ['GET', '/admin/subscriptions', 'operator', 'listSubscriptions'],
    ['GET', '/admin/customers', 'operator', 'listCustomers'],
    ['GET', '/admin/proxies', 'operator', 'listProxies'],
    ['POST', '/admin/proxies', 'operator', 'addProxy'],
    ['GET', '/admin/proxies/{uid}/bindings', 'operator', 'listProxyBindings'],
    ['POST', '/admin/proxies/{uid}/burn', 'operator', 'burnProxy'],
    ['POST', '/admin/proxies/{uid}/retire', 'operator', 'retireProxy'],
  ]),
  ...served('history', [
    ['GET', '/seats/{uid}/history-import', 'bearer', 'getHistoryImport'],
    ['POST', '/seats/{uid}/history-import', 'bearer', 'requestHistoryImport'],
    ['POST', '/seats/{uid}/history-import/accept', 'bearer', 'acceptHistoryImport'],
    ['DELETE', '/seats/{uid}/history-import', 'bearer', 'cancelHistoryImport'],
    ['POST', '/consent-requests/{token}/history-import/accept', 'public', 'acceptPersonHistoryImport'],
  ]),
  ...served('supply', [
    ['POST', '/admin/proxy-supply/quotes', 'operator', 'quoteSupply'],
    ['POST', '/admin/proxy-supply/orders', 'operator', 'placeSupplyOrder'],
    ['POST', '/admin/proxy-supply/orders/{uid}/renew', 'operator', 'renewSupplyOrder'],
    ['GET', '/admin/proxy-supply/balance', 'operator', 'readSupplyBalance'],
    ['GET', '/admin/proxy-supply/renewals', 'operator', 'listSupplyRenewals'],
    ['GET', '/admin/proxy-supply/validity', 'operator', 'listSupplyValidity'],
    ['GET', '/admin/proxy-supply/ceilings', 'operator', 'readSupplyCeilings'],
  ]),
] satisfies readonly Route[];

/** The operations one group must implement, as a type: a handler missing one does not compile. */
export type OperationsOf<G extends FunctionGroup> = Extract<
  (typeof routes)[number],
  { group: G }
>['operation'];

/** API Gateway sends unmatched requests to `$default`; the health group answers them 404 in the envelope. */
export const fallbackRoute = { routeKey: '$default', group: 'health' } as const satisfies {
  routeKey: string;
  group: FunctionGroup;
};

/** Where a group's handler lives, relative to the repository root (CDK bundles it, the local stack imports it). */
export const handlerEntry = (group: FunctionGroup): string => `functions/api/${group}/handler.ts`;

/** One webhook route, `[method, path, function name]`; its handler is `functions/webhooks/<the path's last segment>/handler.ts`. */
const webhook = <const M extends Method, const P extends string, const N extends string>(
  method: M,
  path: P,
  name: N,
) => ({ method, path, name, entry: `functions/webhooks/${path.split('/').at(-1) ?? ''}/handler.ts` });

/**
 * The gateway's own HTTP API (inbound webhooks): one function per `name` (a provider's routes share
 * it), never the domain's table. CDK and the local stack both read this list.
 */
export const gatewayRoutes = [
  webhook('POST', '/webhooks/session-provider', 'SessionProviderWebhook'),
  webhook('GET', '/webhooks/business-provider', 'BusinessProviderWebhook'),
  webhook('POST', '/webhooks/business-provider', 'BusinessProviderWebhook'),
  webhook('GET', '/health', 'GatewayHealth'),
];
