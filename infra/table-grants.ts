import { keys } from '../shared/adapters/dynamo/keys';
import type { tableDesign } from '../shared/adapters/dynamo/table-design';

/**
 * What a function may do with the table, as IAM grants it: each function's row (infra/group-access.ts
 * `groupAccess`, infra/consumers.ts, the relay's `relayTable` below) lists its grants; CDK builds
 * its policy from them (infra/constructs/table-access.ts) and the local stack refuses any call
 * they do not cover, as IAM would (localstack/table-guard.ts).
 */

/** DynamoDB actions on items, by what a function does with them (no scan, no stream). */
export const tableReads = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
export const tableWrites = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:ConditionCheckItem',
] as const;
export const tableDeletes = ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;
export type TableAction =
  | (typeof tableReads)[number]
  | (typeof tableWrites)[number]
  | (typeof tableDeletes)[number]
  | 'dynamodb:DescribeTable';

export type IndexName = (typeof tableDesign.globalIndexes)[number]['indexName'];

interface GrantOn {
  actions: readonly TableAction[];
  /**
   * On these indexes instead of the table: a Query of an index is authorised on the index, its
   * leading key being the index's partition key value.
   */
  indexes?: readonly IndexName[];
}

/**
 * Confined to the items whose leading key (partition key value) matches one of `partitions`
 * (IAM's `ForAllValues:StringLike` on `dynamodb:LeadingKeys`: `*` any run of characters). A
 * transaction is authorised per item (a put as PutItem, an update as UpdateItem, a delete as
 * DeleteItem, a check as ConditionCheckItem; a transactional read as GetItem), a batch per item.
 */
export interface ConfinedGrant extends GrantOn {
  partitions: readonly string[];
}

/** Not confined to partitions, and why (an action on the table itself, which has no leading key). */
export interface UnconfinedGrant extends GrantOn {
  unconfined: string;
}

export type TableGrant = ConfinedGrant | UnconfinedGrant;

/** An action on items, as a row names it (its IAM action is `dynamodb:<name>`). */
export type ItemAction = (typeof itemActions)[number] extends `dynamodb:${infer Name}` ? Name : never;
const itemActions = [...tableReads, ...tableWrites, ...tableDeletes] as const;

/** What a function does with the items of some partitions: each partition's pattern, its actions. */
export type PartitionUse = Readonly<Record<string, readonly ItemAction[]>>;

/** The partitions a function queries on an index, by index (a Query is all an index allows). */
export type IndexUse = Readonly<Partial<Record<IndexName, readonly string[]>>>;

/**
 * The grants that allow exactly what `uses` say (joined, partition by partition) on the table and
 * a Query of `indexes`' partitions: partitions with the same actions share one grant, so each
 * statement gives its actions on its partitions and nothing else.
 */
export const tableGrants = (uses: readonly PartitionUse[], indexes: IndexUse = {}): ConfinedGrant[] => {
  const joined = new Map<string, Set<ItemAction>>();
  for (const use of uses)
    for (const [partition, actions] of Object.entries(use))
      for (const action of actions) joined.set(partition, (joined.get(partition) ?? new Set()).add(action));
  const byActions = new Map<string, { actions: ItemAction[]; partitions: string[] }>();
  for (const [partition, actions] of joined) {
    const sorted = itemActions
      .map((action) => action.slice('dynamodb:'.length) as ItemAction)
      .filter((action) => actions.has(action));
    const key = sorted.join();
    const grant = byActions.get(key) ?? { actions: sorted, partitions: [] };
    grant.partitions.push(partition);
    byActions.set(key, grant);
  }
  return [
    ...[...byActions.values()].map(({ actions, partitions }) => ({
      actions: actions.map((action): TableAction => `dynamodb:${action}`),
      partitions,
    })),
    ...Object.entries(indexes).map(([index, partitions]) => ({
      actions: ['dynamodb:Query' as const],
      indexes: [index as IndexName],
      partitions: partitions ?? [],
    })),
  ];
};

const any = '*';

/**
 * The table's partitions as leading-key patterns, built by the same key builders as the items
 * (shared/adapters/dynamo/keys.ts): what each holds is in docs/access-patterns.md.
 */
export const partitions = {
  family: keys.accountPartition(any),
  events: keys.eventPartition(any),
  connection: keys.connection(any, any).PK,
  consentLink: keys.consentLink(any).PK,
  inbox: keys.inboxPartition(any),
  user: keys.user(any).PK,
  email: keys.emailPartition(any),
  magicLink: keys.magicLink(any).PK,
  providerEvent: keys.providerEvent(any).PK,
  proxies: keys.proxyPartition(),
  overview: keys.overviewPartition(),
  ticket: keys.streamTicket(any).PK,
  relayTopic: keys.relayTopicPartition(any),
  sealedMessages: keys.sealedMessagePartition(any),
  alerts: keys.alertPartition(any),
  audit: keys.auditPartition(any),
  roster: keys.operatorRoster().PK,
  health: keys.health().PK,
  historyQueue: keys.historyQueuePartition(),
  historySlots: keys.historySlotPartition(),
  historyCheckpoints: keys.historyCheckpoint(any, any).PK,
  supply: keys.supplyPartition(),
  supplyQuote: keys.supplyQuote(any).PK,
  /** The rate windows of the rules `rules` matches (`consent_read_*`: both of that route's). */
  rateWindows: (rules: string) => keys.rateWindow(rules, any).PK,
} as const;

const alertLists = keys.alertIndexes({ accountUid: any, uid: any, seatUid: any, status: any });
const listed = (listing: (at: string, id: string) => Record<string, string>, index: IndexName) =>
  listing('', '')[`${index}PK`] ?? '';

/** The indexes' partitions, as leading-key patterns (a Query of an index leads with its partition key). */
export const indexPartitions = {
  memberships: keys.membershipsOfUser(any),
  chat: keys.sealedMessagesOfChat(any, any),
  alertsByStatus: alertLists.GSI1PK,
  alertsBySeat: alertLists.GSI2PK,
  alertsBySeatAndStatus: alertLists.GSI3PK,
  proxyBindings: keys.proxyBindingsOf(any),
  seatTimeline: keys.seatTimeline(any, '').GSI2PK,
  audit: listed(keys.auditListing, 'GSI1'),
  users: listed(keys.userListing, 'GSI1'),
  dependents: listed(keys.dependentListing, 'GSI1'),
  accounts: listed(keys.accountListing, 'GSI1'),
  subscriptions: listed(keys.subscriptionListing, 'GSI1'),
  connections: listed(keys.connectionListing, 'GSI1'),
  connectionsByStatus: keys.connectionByStatus(any, '', '').GSI2PK,
  consents: listed(keys.consentListing, 'GSI2'),
  customers: listed(keys.customerListing, 'GSI2'),
} as const;

const { family, events, connection, inbox, proxies, overview } = partitions;

/**
 * What the domain's steps do with the table, named once (shared/adapters/dynamo: the stores), for
 * the rows to say which steps each function takes.
 */
export const steps = {
  /** The family's whole partition, read with one Query (`families.load`). */
  readsFamily: { [family]: ['Query'] },
  /**
   * A seat change (`families.saveSeat`): the seat (and the subscription with it) put if its version
   * holds, its events, and the backoffice's connection row of a seat that has a pairing.
   */
  changesSeats: { [family]: ['PutItem'], [events]: ['PutItem'], [connection]: ['PutItem'] },
  /** A change of the seat's watch state adds to its week's day tallies (in the family partition). */
  countsWeek: { [family]: ['UpdateItem'] },
  /**
   * A pairing that ends gives its proxy slot back and ends its history import (it leaves the queue
   * or frees its slot); a move into or out of `paired` (or of the import's status) counts in the
   * overview.
   */
  movesPairings: {
    [proxies]: ['UpdateItem'],
    [overview]: ['UpdateItem'],
    [partitions.historyQueue]: ['DeleteItem'],
    [partitions.historySlots]: ['DeleteItem'],
  },
  /** `notifyFamily`: the members' settings in one batch read, the inbox entries and unread counters. */
  notifiesFamily: { [inbox]: ['BatchGetItem', 'PutItem', 'UpdateItem'] },
  /** Opens a consent link: the link's item (the rate windows are the route's own). */
  opensConsentLink: { [partitions.consentLink]: ['GetItem'] },
  /** Registers configured or bought proxies (`proxies.register`): put if absent, counted active. */
  registersProxies: { [proxies]: ['PutItem', 'GetItem'], [overview]: ['UpdateItem'] },
  /** The backoffice's roster, read on every operator request. */
  readsRoster: { [partitions.roster]: ['GetItem'] },
  /** An operator's action or read leaves its audit entry. */
  audits: { [partitions.audit]: ['PutItem'] },
  /**
   * The history queue moved by an admission (`admitNext`): the head leaves the queue and takes a
   * free slot (an offer notifies the family), counted in the overview's syncs.
   */
  admitsImports: {
    [partitions.historyQueue]: ['Query', 'DeleteItem'],
    [partitions.historySlots]: ['Query', 'PutItem'],
    [overview]: ['UpdateItem'],
  },
  /** An import joins the queue (a new import, or one whose offer lapsed). */
  queuesImports: { [partitions.historyQueue]: ['PutItem'] },
  /** An import that ends (done, failed, stuck, cancelled, lapsed) frees its slot. */
  freesImportSlots: { [partitions.historySlots]: ['DeleteItem'] },
  /**
   * A message kept and analysed (live or from history): read by id, findings already counted,
   * kept sealed with its new findings if the seat still holds its key, and the alerts it opens.
   */
  analysesMessages: {
    [partitions.sealedMessages]: ['GetItem', 'BatchGetItem', 'PutItem'],
    [family]: ['ConditionCheckItem'],
    [partitions.alerts]: ['PutItem'],
  },
  /** Counts a rate window (`UpdateItem` ADD while open, `PutItem` of the next one). */
  countsRate: (...rules: string[]): PartitionUse =>
    Object.fromEntries(rules.map((rule) => [partitions.rateWindows(rule), ['UpdateItem', 'PutItem']])),
} as const satisfies Record<string, PartitionUse | ((...rules: string[]) => PartitionUse)>;

/**
 * The relay's task: opens a stream (consumes its ticket; the person's, by its link under its
 * budgets), checks the family, reads the account's events, and registers the topics it holds.
 */
export const relayTable = tableGrants([
  steps.readsFamily,
  steps.opensConsentLink,
  steps.countsRate('person_stream_*'),
  {
    [events]: ['Query'],
    [partitions.ticket]: ['DeleteItem'],
    [partitions.relayTopic]: ['PutItem', 'DeleteItem'],
  },
]);

/**
 * What a function does with the seat keys' table (the seats' wrapped data keys, apart from the
 * table), from its use of the seat key: who makes seat keys writes their wrapped copies and
 * destroys them (a stop, an archive), who opens them reads them. CDK, the access test and the local
 * guard all take it from here.
 */
export const seatKeysTableActions = (uses: readonly ('make' | 'open')[]): TableAction[] => [
  ...(uses.includes('make') ? (['dynamodb:PutItem', 'dynamodb:DeleteItem'] as const) : []),
  ...(uses.includes('open') ? (['dynamodb:GetItem'] as const) : []),
];
