import type { tableDesign } from '../shared/adapters/dynamo/table-design';

/**
 * What a function may do with the table, as IAM grants it: each function's row (infra/routes.ts
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

/**
 * The relay's task: consumes a stream ticket, reads the family and a consent link, reads an
 * account's events, counts the person's stream budgets, and registers which task holds which topic.
 */
export const relayTable = [
  {
    actions: ['dynamodb:GetItem', 'dynamodb:Query'],
    partitions: ['ACCOUNT#*', 'CONSENTLINK#*', 'EVENTS#*'],
  },
  { actions: ['dynamodb:DeleteItem'], partitions: ['TICKET#*'] },
  { actions: ['dynamodb:UpdateItem', 'dynamodb:PutItem'], partitions: ['RATE#*'] },
  { actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Query'], partitions: ['RELAYTOPIC#*'] },
] as const satisfies readonly TableGrant[];

/**
 * Every action of the domain's stores on every partition and index: the grant of a function whose
 * row was not yet narrowed.
 */
export const wholeTable = [
  {
    actions: [...tableReads, ...tableWrites, ...tableDeletes],
    unconfined: 'not yet narrowed to its partitions',
  },
  { actions: ['dynamodb:Query'], indexes: ['GSI1', 'GSI2', 'GSI3'], unconfined: 'not yet narrowed' },
] as const satisfies readonly TableGrant[];
