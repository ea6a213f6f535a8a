import { eventItemsPattern, keyDestroyedPattern } from '../shared/adapters/dynamo/stream-filter';
import type { FilterPattern } from '../shared/adapters/lambda/event-filter';
import type { ScheduleTargetName } from '../shared/adapters/scheduler/schedule-targets';
import type { ServiceSecretName } from '../shared/adapters/crypto/service-secrets';
import type { FunctionGroup, gatewayRoutes } from './routes';
import { indexPartitions, partitions, steps, tableGrants, type TableGrant } from './table-grants';

/**
 * The one table of asynchronous entry points, as `routes.ts` is for HTTP: every queue and its
 * worker, every table-stream consumer and every schedule target. CDK builds each queue (the stateful
 * stack), function, event source, dead-letter queue, alarm and grant from it
 * (infra/constructs/consumers.ts); the local stack creates the same queues and starts a poller, a
 * stream reader or an embedded-scheduler target for each row (localstack/consumers.ts). Adding a
 * consumer is a row here and its handler at `entry`.
 */

/**
 * What a consumer's function may reach beyond its own event source; each need is a grant and the
 * environment that goes with it:
 * - `sessionProvider`: calls the session provider (its URL, and the gateway secret with its key);
 * - `push`: guardians' push notifications (SNS);
 * - `mail`: guardians' e-mail (SES, from the stage's address);
 * - `relayPush`: wakes the relay tasks (in their VPC, to their push port only);
 * - `eventBodies`: reads and removes the bodies its producers kept aside for being too large for a
 *   queue message (and its producers may write them, under their prefix only);
 * - `seatKeys`: opens seat data keys (reads their wrapped copies from the seat keys' table; KMS
 *   Decrypt on the seat key only, bound to a seat id) to seal and open a seat's messages;
 * - `analysis`: reads messages for risks with Amazon Bedrock (InvokeModel on the stage's one model);
 * - `businessProvider`: sends template messages through the business provider (its phone number id;
 *   the access token is in the providers' secret, `secrets: ['providerTokens']`).
 * - `historyImports`: hands admitted history imports to their worker (sends to its queue).
 * - `sessionEnds`: hands the sessions of ended pairings to their worker, which deletes them at the
 *   provider (sends to its queue).
 */
export type Need =
  | 'sessionProvider'
  | 'push'
  | 'mail'
  | 'relayPush'
  | 'eventBodies'
  | 'seatKeys'
  | 'analysis'
  | 'businessProvider'
  | 'historyImports'
  | 'sessionEnds';

/** A gateway function, by its name in `gatewayRoutes`. */
export type GatewayFunction = (typeof gatewayRoutes)[number]['name'];

interface ConsumerBase {
  /** camelCase: the function is `<Name>Worker`, its queue `<name-in-kebab-case>`. */
  name: string;
  /** The handler module, relative to the repository root (CDK bundles it, the local stack imports it). */
  entry: string;
  /** The function's time limit: a queue's visibility timeout must be longer. */
  timeoutSeconds: number;
  /** What it may do with the table (infra/table-grants.ts): nothing when empty. */
  table: readonly TableGrant[];
  needs: readonly Need[];
  /**
   * The service's secrets it reads (shared/adapters/crypto/service-secrets.ts): `hashKey` where it
   * hashes, `providerTokens` where it calls the session provider or WhatsApp. No worker issues
   * access tokens, so none reads the signing key.
   */
  secrets: readonly ServiceSecretName[];
  /** The schedule targets this consumer may schedule (by their schedule rows' names). */
  schedules?: readonly ScheduleTargetName[];
  /** CloudWatch metrics counted from the function's JSON log lines: `field` equal to `value`. */
  logMetrics?: readonly { metricName: string; field: string; value: string }[];
}

/**
 * An SQS queue and the worker its event source mapping feeds, reporting partial batch failures: what
 * fails comes back after the visibility timeout and, after `maxReceiveCount` receives, lands in the
 * queue's dead-letter queue (which alarms). Its URL reaches its producers (and the gateway's health
 * check) as `<NAME_IN_CONSTANT_CASE>_QUEUE_URL`.
 */
export interface QueueConsumer extends ConsumerBase {
  kind: 'queue';
  queue: {
    /** FIFO keeps order per message group (and de-duplicates by id); standard otherwise. */
    fifo: boolean;
    visibilityTimeoutSeconds: number;
    maxReceiveCount: number;
  };
  batchSize: number;
  maxBatchingWindowSeconds?: number;
  /** The gateway functions that send to it. */
  producers: readonly GatewayFunction[];
  /** The API functions (by group) that send to it. */
  apiProducers?: readonly FunctionGroup[];
  /** Whether its worker sends to it too (a try again later, as a delayed message). */
  requeues?: boolean;
  /**
   * Its messages carry a person's message text (a provider's webhook body): the queue and its
   * dead-letter queue are encrypted under a key of their own (the stateful stack's
   * `QueuedContentKey`, used through SQS by the row's producers and worker only), and the
   * dead-letter queue keeps what it holds a day, not two weeks (docs/security.md).
   */
  carriesMessageText?: boolean;
}

/**
 * A consumer of the table's stream: the records its `filter` keeps, in batches; a batch that keeps
 * failing is split, retried `retryAttempts` times and then described in a dead-letter queue (which alarms).
 */
export interface StreamConsumer extends ConsumerBase {
  kind: 'stream';
  filter: FilterPattern;
  batchSize: number;
  retryAttempts: number;
}

/**
 * The target of one-time schedules (`shared/adapters/scheduler/schedule-targets.ts`, by the same
 * name): its function has a fixed name, so a schedule can name it before it exists; a schedule whose
 * target keeps failing goes to the schedules' dead-letter queue (which alarms).
 */
export interface ScheduleConsumer extends ConsumerBase {
  kind: 'schedule';
  name: ScheduleTargetName;
  /**
   * A recurring target: the stack makes its rate schedule itself (EventBridge Scheduler
   * `rate(<minutes> minutes)` with an empty event; the local stack every few seconds). What it does
   * must be harmless however often it runs.
   */
  every?: { minutes: number };
}

export type Consumer = QueueConsumer | StreamConsumer | ScheduleConsumer;
export type ConsumerKind = Consumer['kind'];

export const consumers = [
  {
    kind: 'queue',
    name: 'sessionEvents',
    entry: 'functions/workers/session-events/handler.ts',
    // Order per session matters: grouped by session, de-duplicated by the provider's event id.
    // A batch may make one model call per message: time for ten of them, and twice that before a
    // message still in hand is delivered again.
    queue: { fifo: true, visibilityTimeoutSeconds: 180, maxReceiveCount: 5 },
    batchSize: 10,
    timeoutSeconds: 90,
    producers: ['SessionProviderWebhook'],
    // A pairing start asks the worker to catch up with the provider once the pairing is saved.
    apiProducers: ['pairing'],
    table: tableGrants(
      [
        steps.readsFamily,
        steps.changesSeats,
        steps.countsWeek,
        steps.movesPairings,
        steps.notifiesFamily,
        steps.analysesMessages,
        // A first `paired` puts the warm-up in the history queue and admits the head.
        steps.queuesImports,
        steps.admitsImports,
        { [partitions.providerEvent]: ['GetItem', 'PutItem'] },
      ],
      { GSI1: [indexPartitions.chat] },
    ),
    // The provider's webhook bodies: the person's messages as they were sent.
    carriesMessageText: true,
    needs: [
      'sessionProvider',
      'push',
      'mail',
      'eventBodies',
      'seatKeys',
      'analysis',
      'historyImports',
      'sessionEnds',
    ],
    secrets: ['hashKey', 'providerTokens'],
    // Reconnects after a drop; the trial-ending notice at a seat's first `paired`; the warm-up's
    // admission at the same moment (its stuck check).
    schedules: ['reconnect', 'trialEnding', 'historyOfferExpiry', 'historyStuck'],
    // Events of sessions no pairing owns (dropped by the worker).
    logMetrics: [{ metricName: 'UnknownSessionEvents', field: 'outcome', value: 'unknown_session' }],
  },
  {
    kind: 'queue',
    name: 'businessEvents',
    entry: 'functions/workers/business-events/handler.ts',
    // Receipts are independent of each other.
    queue: { fifo: false, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
    batchSize: 10,
    maxBatchingWindowSeconds: 1,
    timeoutSeconds: 30,
    producers: ['BusinessProviderWebhook'],
    // A status report moves its consent link's delivery; `failed` notifies the family.
    table: tableGrants([steps.readsFamily, steps.changesSeats, steps.notifiesFamily]),
    needs: ['push', 'mail'],
    secrets: [],
  },
  {
    kind: 'queue',
    name: 'consentSends',
    entry: 'functions/workers/consent-sends/handler.ts',
    // Sends are independent. A temporary refusal comes back as a new, delayed message; a message
    // received again means the worker died mid-send, and its claimed try is not made twice.
    // Up to five sends a batch, each bounded by the provider's timeout (10 s by default).
    queue: { fifo: false, visibilityTimeoutSeconds: 180, maxReceiveCount: 3 },
    batchSize: 5,
    timeoutSeconds: 60,
    producers: [],
    // The consent request, its resend and an old seat's activation queue the link's send.
    apiProducers: ['seats'],
    requeues: true,
    table: tableGrants([steps.readsFamily, steps.changesSeats, steps.notifiesFamily]),
    needs: ['push', 'mail', 'businessProvider'],
    secrets: ['hashKey', 'providerTokens'],
  },
  {
    kind: 'stream',
    name: 'eventFanOut',
    entry: 'functions/stream/handler.ts',
    filter: eventItemsPattern,
    batchSize: 100,
    retryAttempts: 3,
    timeoutSeconds: 10,
    table: tableGrants([{ [partitions.relayTopic]: ['Query'] }]),
    needs: ['relayPush'],
    secrets: ['hashKey'],
  },
  {
    kind: 'stream',
    name: 'contentShredding',
    entry: 'functions/stream/content-shredding.ts',
    // Seat items whose data key was destroyed: their sealed messages go after it.
    filter: keyDestroyedPattern,
    batchSize: 10,
    retryAttempts: 5,
    // A seat's whole message partition, in pages of batch deletes.
    timeoutSeconds: 120,
    table: tableGrants([{ [partitions.sealedMessages]: ['Query', 'BatchWriteItem'] }]),
    needs: [],
    secrets: [],
  },
  {
    kind: 'schedule',
    name: 'reconnect',
    entry: 'functions/workers/reconnect/handler.ts',
    timeoutSeconds: 30,
    table: tableGrants([
      steps.readsFamily,
      steps.changesSeats,
      steps.countsWeek,
      steps.movesPairings,
      steps.notifiesFamily,
      // A reconnect that gives up ends the seat's history import: its slot goes to the head.
      steps.admitsImports,
    ]),
    // A reconnect that gives up ends the pairing, and hands its session to the session-ends worker.
    needs: ['sessionProvider', 'push', 'mail', 'sessionEnds', 'historyImports'],
    secrets: ['hashKey', 'providerTokens'],
    // The next attempt; the admitted import's checks (an offer's expiry, a running one's progress).
    schedules: ['reconnect', 'historyOfferExpiry', 'historyStuck'],
  },
  {
    kind: 'schedule',
    name: 'pauseResume',
    entry: 'functions/workers/pause-resume/handler.ts',
    timeoutSeconds: 10,
    table: tableGrants([steps.readsFamily, steps.changesSeats, steps.countsWeek]),
    needs: [],
    secrets: [],
  },
  {
    kind: 'schedule',
    name: 'trialEnding',
    entry: 'functions/workers/trial-ending/handler.ts',
    timeoutSeconds: 30,
    // Reads the family and the guardians' preferences, writes the notice, e-mails and pushes it.
    table: tableGrants([
      steps.readsFamily,
      steps.notifiesFamily,
      // The seat written unchanged with the notice's inbox entries (no event), once per trial end.
      { [partitions.family]: ['PutItem'], [partitions.connection]: ['PutItem'] },
      { [partitions.providerEvent]: ['GetItem', 'PutItem'] },
    ]),
    needs: ['push', 'mail'],
    secrets: [],
  },
  {
    kind: 'queue',
    name: 'historyImport',
    entry: 'functions/workers/history-import/handler.ts',
    // One import per message: a run pages the provider for minutes and hands on the rest itself.
    // Imports are independent of each other; the slots bound how many run at once.
    queue: { fifo: false, visibilityTimeoutSeconds: 960, maxReceiveCount: 5 },
    batchSize: 1,
    timeoutSeconds: 900,
    producers: [],
    // A guardian's or the person's yes admits an import from the history routes.
    apiProducers: ['history'],
    table: tableGrants(
      [
        steps.readsFamily,
        steps.changesSeats,
        steps.notifiesFamily,
        steps.analysesMessages,
        steps.admitsImports,
        steps.freesImportSlots,
        {
          // Each page's messages kept at once (a batch write of puts only: it deletes nothing).
          [partitions.sealedMessages]: ['BatchWriteItem'],
          [partitions.historyCheckpoints]: ['GetItem', 'PutItem'],
        },
      ],
      { GSI1: [indexPartitions.chat] },
    ),
    // `historyImports`: its own queue too, for a run past its budget (the rest, at once) and a failed
    // run's next try (a few seconds later).
    needs: ['sessionProvider', 'push', 'mail', 'seatKeys', 'analysis', 'historyImports'],
    secrets: ['hashKey', 'providerTokens'],
    // A finished or failed import frees its slot: the next one may be offered or started.
    schedules: ['historyOfferExpiry', 'historyStuck'],
  },
  {
    kind: 'schedule',
    name: 'historyOfferExpiry',
    entry: 'functions/workers/history-checks/offer-expiry.ts',
    timeoutSeconds: 30,
    // The lapse frees a slot: the next import is offered (notified) or started (sent to its worker).
    table: tableGrants([
      steps.readsFamily,
      steps.changesSeats,
      steps.notifiesFamily,
      // A lapsed offer frees its slot and queues its import again.
      steps.freesImportSlots,
      steps.queuesImports,
      steps.admitsImports,
    ]),
    needs: ['push', 'mail', 'historyImports'],
    secrets: [],
    schedules: ['historyOfferExpiry', 'historyStuck'],
  },
  {
    kind: 'schedule',
    name: 'historyStuck',
    entry: 'functions/workers/history-checks/stuck.ts',
    timeoutSeconds: 30,
    table: tableGrants([
      steps.readsFamily,
      steps.changesSeats,
      steps.notifiesFamily,
      steps.freesImportSlots,
      steps.admitsImports,
    ]),
    needs: ['push', 'mail', 'historyImports'],
    secrets: [],
    schedules: ['historyOfferExpiry', 'historyStuck'],
  },
  {
    kind: 'schedule',
    name: 'historyAdmission',
    entry: 'functions/workers/history-checks/admission-sweep.ts',
    timeoutSeconds: 30,
    // A slot freed (or an import queued) by a process that died before admitting the next import is
    // handed on within the minute, not at the next move of the queue.
    every: { minutes: 1 },
    table: tableGrants([steps.readsFamily, steps.changesSeats, steps.notifiesFamily, steps.admitsImports]),
    needs: ['push', 'mail', 'historyImports'],
    secrets: [],
    schedules: ['historyOfferExpiry', 'historyStuck'],
  },
  {
    kind: 'queue',
    name: 'signInMails',
    entry: 'functions/workers/sign-in-mails/handler.ts',
    // Letters are independent. A letter received again after a crash mid-send may mail its code a
    // second time (the same code: harmless); one past its code's expiry is dropped unsent.
    queue: { fifo: false, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
    batchSize: 10,
    timeoutSeconds: 30,
    producers: [],
    // A sign-in request and a link's resend post their letter after answering, whoever owns the
    // address, so neither the answer nor its time tells which addresses have accounts.
    apiProducers: ['auth'],
    table: [],
    needs: ['mail'],
    secrets: [],
  },
  {
    kind: 'schedule',
    name: 'supplyExpiry',
    entry: 'functions/workers/supply-expiry/handler.ts',
    timeoutSeconds: 30,
    // Operators are warned of proxy orders expiring within 7 days once a day; a run warns of each
    // expiry once, so a late or doubled run changes nothing. It calls no supplier (no supplier key).
    every: { minutes: 24 * 60 },
    table: tableGrants([
      steps.audits,
      steps.registersProxies,
      { [partitions.supply]: ['Query', 'UpdateItem'] },
    ]),
    needs: [],
    secrets: [],
    logMetrics: [{ metricName: 'ProxyOrdersExpiring', field: 'outcome', value: 'order_expiring' }],
  },
  {
    kind: 'queue',
    name: 'proxyBurns',
    entry: 'functions/workers/proxy-burns/handler.ts',
    // One burned address a message; its sessions are moved one by one (a provider call each). A
    // message received again finds moved sessions no longer bound and moves only the rest; one that
    // keeps failing (the index behind the address's count) lands in the DLQ, which alarms.
    queue: { fifo: false, visibilityTimeoutSeconds: 360, maxReceiveCount: 5 },
    batchSize: 1,
    timeoutSeconds: 120,
    producers: [],
    // `POST /admin/proxies/{uid}/burn` hands it the burned address.
    apiProducers: ['admin'],
    table: tableGrants(
      [
        steps.readsFamily,
        steps.changesSeats,
        steps.countsWeek,
        steps.movesPairings,
        steps.notifiesFamily,
        steps.registersProxies,
        // The pool read, a session's slot moved from the burned address to one with room.
        { [partitions.proxies]: ['Query', 'UpdateItem'] },
      ],
      { GSI3: [indexPartitions.proxyBindings] },
    ),
    // A session with no address to move to ends, and goes to the session-ends worker.
    needs: ['sessionProvider', 'push', 'mail', 'sessionEnds'],
    secrets: ['providerTokens'],
  },
  {
    kind: 'queue',
    name: 'sessionEnds',
    entry: 'functions/workers/session-ends/handler.ts',
    // One session a message, deleted at the provider; a second delete of the same session is
    // harmless (404: already gone). A provider that refuses or does not answer in time is asked
    // again after the visibility timeout, ten times over about ten minutes; then the message lands
    // in the DLQ, which alarms: until it is redriven, the person's WhatsApp stays linked.
    queue: { fifo: false, visibilityTimeoutSeconds: 60, maxReceiveCount: 10 },
    // Up to five deletes a batch, at once, each bounded by the provider's timeout.
    batchSize: 5,
    timeoutSeconds: 30,
    producers: [],
    // Whoever ends a pairing from the API: an unlink, a failed start, a refused passkey (pairing),
    // the person's stop (consent), an operator's reset (admin). The workers that end pairings have
    // the `sessionEnds` need.
    apiProducers: ['pairing', 'consent', 'admin'],
    // The provider alone: it reads and writes nothing of the table.
    table: [],
    needs: ['sessionProvider'],
    secrets: ['providerTokens'],
  },
] as const satisfies readonly Consumer[];

export type ConsumerName = (typeof consumers)[number]['name'];
type RowOf<K extends ConsumerKind> = Extract<(typeof consumers)[number], { kind: K }>;
export type QueueName = RowOf<'queue'>['name'];

const isKind =
  <K extends ConsumerKind>(kind: K) =>
  (row: (typeof consumers)[number]): row is RowOf<K> =>
    row.kind === kind;
export const queueConsumers: readonly RowOf<'queue'>[] = consumers.filter(isKind('queue'));
export const streamConsumers: readonly RowOf<'stream'>[] = consumers.filter(isKind('stream'));
export const scheduleConsumers: readonly RowOf<'schedule'>[] = consumers.filter(isKind('schedule'));

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const constant = (name: string): string => kebab(name).replaceAll('-', '_').toUpperCase();
export const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * How long a queue keeps a message not yet handled: SQS's most, set rather than left at its default
 * of 4 days, so a FIFO group blocked longer than that still ends in its dead letter, never in silence.
 */
export const queueRetentionDays = 14;

/** How long a dead-letter queue keeps what the service gave up on: two weeks to look at it (the most SQS keeps). */
export const deadLetterRetentionDays = 14;

/**
 * How long the dead-letter queue of a row that carries message text keeps it: a day. Its alarm
 * fires on the first message, so a day is enough to look and redrive; past it the text is gone, a
 * stopped seat's with it (docs/security.md, crypto-shredding).
 */
export const contentDeadLetterRetentionDays = 1;

/** How long a queue row's dead-letter queue keeps its messages, in days (AWS and the local stack alike). */
export const deadLetterRetentionDaysOf = (row: QueueConsumer): number =>
  row.carriesMessageText === true ? contentDeadLetterRetentionDays : deadLetterRetentionDays;

/** The queue's name and its dead-letter queue's (a stage prefixes both in AWS). */
export const queueNames = (row: QueueConsumer): { queue: string; deadLetter: string } => {
  const suffix = row.queue.fifo ? '.fifo' : '';
  return { queue: `${kebab(row.name)}${suffix}`, deadLetter: `${kebab(row.name)}-dlq${suffix}` };
};

/** The variable that gives a queue's URL to whoever sends to it: `sessionEvents` -> `SESSION_EVENTS_QUEUE_URL`. */
export const queueUrlVariable = (name: QueueName): string => `${constant(name)}_QUEUE_URL`;

/** The variable that gives a schedule target's function ARN to whoever schedules it: `RECONNECT_TARGET_ARN`. */
export const targetArnVariable = (name: ScheduleTargetName): string => `${constant(name)}_TARGET_ARN`;

/** A schedule target's fixed function name in a stage. */
export const targetFunctionName = (stage: string, name: ScheduleTargetName): string =>
  `family-protection-${stage}-${kebab(name)}`;

/** The construct id of a row's function (its log group's and policy's too). */
export const consumerFunctionId = (row: Consumer): string =>
  `${pascal(row.name)}${row.kind === 'stream' ? 'StreamHandler' : 'Worker'}`;
