import type { SQSClient } from '@aws-sdk/client-sqs';
import { sqsClient } from '../../shared/adapters/sqs/sqs-client';
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

let client: SQSClient | undefined;

/** The process's one SQS client; locally the emulator's queue URLs name a host that does not resolve: it talks to `SQS_ENDPOINT`. */
export const sqs = (settings: Pick<Config, 'AWS_REGION' | 'SQS_ENDPOINT'>): SQSClient =>
  (client ??= sqsClient(settings));

/**
 * A queue as a producer sends to it. `now`: its URL is checked at once, as the function starts (a
 * producer that sends on every path); `on first send`: when the first message goes, so a process
 * whose paths rarely or never send needs no URL until then.
 */
export const queueOf = (
  name: QueueName,
  settings: Pick<Config, 'AWS_REGION' | 'SQS_ENDPOINT'>,
  read: 'now' | 'on first send',
): EventQueue => {
  if (read === 'now') return sqsQueue(sqs(settings), queueUrl(name));
  const queue = lazy(async () => sqsQueue(sqs(settings), queueUrl(name)));
  return { send: async (messages) => (await queue()).send(messages) };
};
