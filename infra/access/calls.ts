import type { ServiceSecretName } from '../../shared/adapters/crypto/service-secrets';
import type { ScheduleTargetName } from '../../shared/adapters/scheduler/schedule-targets';
import {
  consumerFunctionId,
  consumers,
  pascal,
  queueConsumers,
  type Consumer,
  type Need,
  type QueueConsumer,
  type QueueName,
} from '../consumers';
import { relayTable, seatKeysTableActions, type TableAction, type TableGrant } from '../table-grants';
import { groupAccess, type DataKeyGrant, type GroupAccess } from '../group-access';
import { functionGroups, gatewayRoutes } from '../routes';

/**
 * Every secret of a stage: the service's four, the session provider's webhook key (`gateway`), Meta's
 * app secret and verify token (`businessWebhook`) and the proxy suppliers' keys (`suppliers`).
 */
export type SecretName = ServiceSecretName | 'gateway' | 'businessWebhook' | 'suppliers';
export const secretNames = [
  'signingKey',
  'hashKey',
  'providerTokens',
  'originSecret',
  'gateway',
  'businessWebhook',
  'suppliers',
] as const satisfies readonly SecretName[];

/**
 * One kind of AWS call a function's code makes at run time, as its row declares it. An IAM
 * evaluator (test/infra/access.test.ts) turns each into the requests AWS would authorise and holds
 * them against the synthesized templates.
 */
export type AwsCall =
  | { kind: 'table'; grant: TableGrant }
  | { kind: 'secret'; secret: SecretName }
  | { kind: 'dataKey'; grant: DataKeyGrant }
  | { kind: 'queue'; queue: QueueName; use: 'send' | 'receive' | 'depth' }
  | { kind: 'schedule'; target: ScheduleTargetName }
  | { kind: 'model' }
  | { kind: 'eventBodies'; use: 'keep' | 'take' }
  | {
      kind: 'seatKeysTable';
      actions: readonly TableAction[];
    };

/** Who makes the calls: a function (by its construct id) or the relay's task and execution roles. */
export interface FunctionCalls {
  /** The construct id: `AuthApi`, `SessionEventsWorker`, `SessionProviderWebhook`, `RelayTask`, … */
  name: string;
  kind: 'api' | 'worker' | 'gateway' | 'relay task' | 'relay start';
  calls: AwsCall[];
}

const tableCalls = (grants: readonly TableGrant[]): AwsCall[] =>
  grants.map((grant) => ({ kind: 'table', grant }));
const secretCalls = (secrets: readonly SecretName[]): AwsCall[] =>
  secrets.map((secret) => ({ kind: 'secret', secret }));

/** The queues whose rows name `isProducer` a producer of theirs. */
type QueueRow = (typeof queueConsumers)[number];
const sendsTo = (isProducer: (row: QueueRow) => boolean): AwsCall[] =>
  queueConsumers
    .filter(isProducer)
    .map((row) => ({ kind: 'queue', queue: row.name, use: 'send' }) satisfies AwsCall);

const apiCalls = (group: (typeof functionGroups)[number]): FunctionCalls => {
  const access: GroupAccess = groupAccess[group];
  return {
    name: `${pascal(group)}Api`,
    kind: 'api',
    calls: [
      ...tableCalls(access.table),
      ...secretCalls(access.secrets),
      ...secretCalls(access.sessionProvider === true ? ['gateway'] : []),
      ...secretCalls(group === 'supply' ? ['suppliers'] : []),
      ...(access.dataKeys ?? []).flatMap((grant): AwsCall[] => [
        { kind: 'dataKey', grant },
        // The wrapped copies in the seat keys' table: written with the seat and deleted by a stop or
        // an archive where keys are made, read where they are opened.
        ...(grant.key === 'seat'
          ? [
              {
                kind: 'seatKeysTable',
                actions: seatKeysTableActions(grant.use),
              } satisfies AwsCall,
            ]
          : []),
      ]),
      ...sendsTo((row) => ((row as QueueConsumer).apiProducers ?? []).includes(group)),
      ...(access.schedules ?? []).map((target): AwsCall => ({ kind: 'schedule', target })),
      // The backoffice overview shows each queue's depth and its dead letter's.
      ...(group === 'admin' ? queueDepths : []),
    ],
  };
};

const queueDepths: AwsCall[] = queueConsumers.map((row) => ({
  kind: 'queue',
  queue: row.name,
  use: 'depth',
}));

const needCalls: Record<Need, AwsCall[]> = {
  relayPush: [],
  sessionProvider: secretCalls(['gateway']),
  seatKeys: [
    { kind: 'dataKey', grant: { key: 'seat', use: ['open'] } },
    { kind: 'seatKeysTable', actions: seatKeysTableActions(['open']) },
  ],
  sessionEnds: [{ kind: 'queue', queue: 'sessionEnds', use: 'send' }],
  analysis: [{ kind: 'model' }],
  eventBodies: [{ kind: 'eventBodies', use: 'take' }],
  historyImports: [{ kind: 'queue', queue: 'historyImport', use: 'send' }],
  push: [],
  mail: [],
  businessProvider: [],
};

const consumerCalls = (row: Consumer): FunctionCalls => ({
  name: consumerFunctionId(row),
  kind: 'worker',
  calls: [
    ...tableCalls(row.table),
    ...row.needs.flatMap((need) => needCalls[need]),
    ...secretCalls(row.secrets),
    ...(row.schedules ?? []).map((target): AwsCall => ({ kind: 'schedule', target })),
    ...queueConsumers
      .filter((queue) => queue.name === row.name)
      .flatMap((queue): AwsCall[] => [
        { kind: 'queue', queue: queue.name, use: 'receive' },
        ...((queue as QueueConsumer).requeues === true
          ? [{ kind: 'queue', queue: queue.name, use: 'send' } satisfies AwsCall]
          : []),
      ]),
  ],
});

/** What each webhook function reads: its own provider's keys only. */
const webhookSecret: Record<string, SecretName> = {
  SessionProviderWebhook: 'gateway',
  BusinessProviderWebhook: 'businessWebhook',
};

const gatewayCalls = (name: string): FunctionCalls => ({
  name,
  kind: 'gateway',
  calls: [
    ...secretCalls(webhookSecret[name] === undefined ? [] : [webhookSecret[name]]),
    ...sendsTo((row) => (row.producers as readonly string[]).includes(name)),
    // The gateway's health reads every queue's depth.
    ...(name === 'GatewayHealth' ? queueDepths : []),
    // A body too large for a queue message is kept aside for the worker of a queue that takes them.
    ...(queueConsumers.some(
      (row) =>
        (row.producers as readonly string[]).includes(name) &&
        (row.needs as readonly Need[]).includes('eventBodies'),
    )
      ? [{ kind: 'eventBodies', use: 'keep' } satisfies AwsCall]
      : []),
  ],
});

/** Every function of a stage and the calls its rows declare, in the order the tables list them. */
export const declaredCalls = (): FunctionCalls[] => [
  ...functionGroups.map(apiCalls),
  ...consumers.map(consumerCalls),
  ...[...new Set(gatewayRoutes.map((route) => route.name))].map(gatewayCalls),
  { name: 'RelayTask', kind: 'relay task', calls: tableCalls(relayTable) },
  // ECS reads the task's referenced secrets with its execution role as the task starts.
  { name: 'RelayTaskExecution', kind: 'relay start', calls: secretCalls(['hashKey', 'originSecret']) },
];
