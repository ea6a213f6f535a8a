import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { configFor } from '../../../shared/config/config';
import { cognitoDirectory, localDirectory } from '../../../shared/adapters/auth/cognito-directory';
import { configuredOperatorTokens } from '../operator-tokens';
import { cryptoIds } from '../../../shared/adapters/crypto/node-crypto';
import { dynamoAuditTrail, dynamoRosterStore } from '../../../shared/adapters/dynamo/operators.store';
import type { OperatorDeps } from '../../../shared/app/operators/operators';
import { systemClock } from '../../../shared/ports/clock';
import { dynamoBackofficeLists } from '../../../shared/adapters/dynamo/backoffice-lists.store';
import { readOverviewCounts } from '../../../shared/adapters/dynamo/overview.store';
import { sqsQueueDepths } from '../../../shared/adapters/sqs/queue-depths';
import { settings, table } from '../runtime';
import { dynamoProxyPool } from '../../../shared/adapters/dynamo/proxy-pool';
import { httpConnectProxyCheck } from '../../../shared/adapters/proxy-check/http-connect';
import { peerPolicy } from '../../../shared/adapters/net/public-address';
import { sqsClient } from '../../../shared/adapters/sqs/sqs-client';
import { sqsQueue } from '../../../shared/adapters/sqs/sqs-queue';
import type { ProxyAdminDeps } from '../../../shared/app/proxies/pool';
import { lazy } from '../../../shared/lazy';

/** The backoffice's own capability: operators' tokens and their directory, checked at cold start. */
const { operators, sessionEventsQueue, businessEventsQueue } = configFor(
  'operators',
  'sessionEventsQueue',
  'businessEventsQueue',
);

const sqs = sqsClient(settings);

export const operatorDeps: OperatorDeps = {
  clock: systemClock,
  ids: cryptoIds(),
  roster: dynamoRosterStore(table),
  auditTrail: dynamoAuditTrail(table),
  overview: { read: () => readOverviewCounts(table) },
  lists: dynamoBackofficeLists(table),
  queues: sqsQueueDepths(sqs, {
    sessionEvents: sessionEventsQueue.SESSION_EVENTS_QUEUE_URL,
    businessEvents: businessEventsQueue.BUSINESS_EVENTS_QUEUE_URL,
  }),
  operatorTokens: configuredOperatorTokens(operators),
  directory:
    operators.OPERATOR_AUTH === 'cognito'
      ? cognitoDirectory(
          new CognitoIdentityProviderClient({ region: settings.AWS_REGION }),
          operators.OPERATOR_USER_POOL_ID,
        )
      : localDirectory(randomUUID),
};

/**
 * The proxy pool's routes: the pool (seeded from `PROXIES_JSON` on first use), the check a new
 * address must pass, and the burn worker's queue, whose URL is read on the first burn.
 */
const proxyBurns = lazy(async () =>
  sqsQueue(sqs, configFor('proxyBurnsQueue').proxyBurnsQueue.PROXY_BURNS_QUEUE_URL),
);
export const proxyAdminDeps: ProxyAdminDeps = {
  clock: systemClock,
  ids: operatorDeps.ids,
  proxies: dynamoProxyPool(table, settings.PROXIES_JSON),
  proxyCheck: httpConnectProxyCheck({
    target: settings.PROXY_CHECK_TARGET,
    timeoutMs: settings.PROXY_CHECK_TIMEOUT_MS,
    ...peerPolicy(settings),
  }),
  proxyBurns: { send: async (messages) => (await proxyBurns()).send(messages) },
};
