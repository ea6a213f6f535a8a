import type * as AwsQueues from './aws-queues.mjs';
import { processSqsClient } from '../../shared/adapters/sqs/sqs-client';
import { sqsQueue } from '../../shared/adapters/sqs/sqs-queue';
import { configFor, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { EventQueue } from '../../shared/ports/queue';

/**
 * Each queue's URL (infra/consumers.ts gives it to the row's producers as
 * `<NAME_IN_CONSTANT_CASE>_QUEUE_URL`), read from its capability when asked for.
 */
const urls = {
  sessionEvents: () => configFor('sessionEventsQueue').sessionEventsQueue.SESSION_EVENTS_QUEUE_URL,
  businessEvents: () => configFor('businessEventsQueue').businessEventsQueue.BUSINESS_EVENTS_QUEUE_URL,
  consentSends: () => configFor('consentSendsQueue').consentSendsQueue.CONSENT_SENDS_QUEUE_URL,
  signInMails: () => configFor('signInMailsQueue').signInMailsQueue.SIGN_IN_MAILS_QUEUE_URL,
  proxyBurns: () => configFor('proxyBurnsQueue').proxyBurnsQueue.PROXY_BURNS_QUEUE_URL,
  historyImport: () => configFor('historyImportQueue').historyImportQueue.HISTORY_IMPORT_QUEUE_URL,
  sessionEnds: () => configFor('sessionEndsQueue').sessionEndsQueue.SESSION_ENDS_QUEUE_URL,
};

export type QueueName = keyof typeof urls;

/** A queue's URL, its variable checked now. */
export const queueUrl = (name: QueueName): string => urls[name]();

type QueueSettings = Pick<Config, 'AWS_REGION' | 'SQS_ENDPOINT'>;

/** The process's one SQS client; locally the emulator's queue URLs name a host that does not resolve: it talks to `SQS_ENDPOINT`. */
export const sqs = processSqsClient;

/**
 * How a composition makes a producer's queue. `now`: its URL is checked at once, as the function
 * starts (a producer that sends on every path); `on first send`: when the first message goes, so a
 * process whose paths rarely or never send needs no URL until then.
 */
export type QueueMaker = (
  name: QueueName,
  settings: QueueSettings,
  read: 'now' | 'on first send',
) => EventQueue;

/** Where SQS's code comes from: the function's bundle, or its chunk beside it (`aws-queues.mts`). */
type SqsCode = () => Promise<Pick<typeof AwsQueues, 'processSqsClient' | 'sqsQueue'>>;

/**
 * A queue whose SQS code comes from `code`, the client and the adapter built on the first send. The
 * makers below are functions, not the results of a call, so a bundle that uses neither drops it.
 */
const queueFrom = (code: SqsCode, ...[name, settings, read]: Parameters<QueueMaker>): EventQueue => {
  const checkedUrl = read === 'now' ? queueUrl(name) : undefined;
  const queue = lazy(async () => {
    const { processSqsClient: client, sqsQueue: queueOn } = await code();
    return queueOn(client(settings), checkedUrl ?? queueUrl(name));
  });
  return { send: async (messages) => (await queue()).send(messages) };
};

/** A queue with SQS's code in the function's bundle: for a function that sends on its usual paths. */
export const queueOf: QueueMaker = (...queue) =>
  queueFrom(async () => ({ processSqsClient, sqsQueue }), ...queue);

/**
 * A queue whose SQS code is its chunk's (`aws-queues.mts`), loaded on the first send: for a function
 * whose first messages send nothing and that sends seldom (the session-events worker ends a session
 * or admits a history import now and then, never for an ordinary message), so no cold start compiles
 * SQS's code. The first send pays the chunk once, with its own copy of the SDK's core (about 320 KB);
 * a function that sends on its usual paths keeps `queueOf`.
 */
export const queueFromChunkOf: QueueMaker = (...queue) =>
  queueFrom(() => import('./aws-queues.mjs'), ...queue);
