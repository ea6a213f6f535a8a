import type { SQSClient } from '@aws-sdk/client-sqs';
import { configFor, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { QueueDepths } from '../../shared/ports/operators';
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

let client: SQSClient | undefined;

/**
 * The process's one SQS client, with SQS's code from its chunk (`aws-queues.mts`); locally the
 * emulator's queue URLs name a host that does not resolve: it talks to `SQS_ENDPOINT`.
 */
export const sqs = async (settings: QueueSettings): Promise<SQSClient> => {
  const { sqsClient } = await import('./aws-queues.mjs');
  return (client ??= sqsClient(settings));
};

/**
 * A queue as a producer sends to it, SQS's code loaded on the first send. `now`: its URL is checked
 * at once, as the function starts (a producer that sends on every path); `on first send`: when the
 * first message goes, so a process whose paths rarely or never send needs no URL until then.
 */
export const queueOf = (
  name: QueueName,
  settings: QueueSettings,
  read: 'now' | 'on first send',
): EventQueue => {
  const checkedUrl = read === 'now' ? queueUrl(name) : undefined;
  const queue = lazy(async () => {
    const { sqsQueue } = await import('./aws-queues.mjs');
    return sqsQueue(await sqs(settings), checkedUrl ?? queueUrl(name));
  });
  return { send: async (messages) => (await queue()).send(messages) };
};

/** The named queues' depths (their URLs checked now), SQS's code loaded on the first read. */
export const queueDepthsOf = <N extends QueueName>(
  settings: QueueSettings,
  names: readonly N[],
): QueueDepths<N> => {
  const urls = Object.fromEntries(names.map((name) => [name, queueUrl(name)])) as Record<N, string>;
  const depths = lazy(async () => {
    const { sqsQueueDepths } = await import('./aws-queues.mjs');
    return sqsQueueDepths(await sqs(settings), urls);
  });
  return { depths: async () => (await depths()).depths() };
};

/** Whether a queue answers a read of its attributes (a health probe), its URL checked now. */
export const queueAnswers = (name: QueueName, settings: QueueSettings): (() => Promise<void>) => {
  const url = queueUrl(name);
  return async () => {
    const { GetQueueAttributesCommand } = await import('./aws-queues.mjs');
    await (
      await sqs(settings)
    ).send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  };
};
