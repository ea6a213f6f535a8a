import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBServiceException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { consumers, type ConsumerName, type GatewayFunction } from '../infra/consumers';
import { groupAccess } from '../infra/group-access';
import { functionGroups, type FunctionGroup } from '../infra/routes';
import { relayTable, seatKeysTableActions, type TableGrant } from '../infra/table-grants';
import { addTableClientPlugin, type TableClientPlugin } from '../shared/adapters/dynamo/client';
import { tableDesign } from '../shared/adapters/dynamo/table-design';

/**
 * IAM's check of each table call, locally: every call a function makes is checked against the
 * grants its row declares (infra/table-grants.ts), as IAM would authorise it in AWS, and refused
 * as IAM refuses it. So the e2e tiers prove that each function's declared grants cover what its
 * code really does. The local stack runs every function in one process: it runs each handler
 * invocation (and the relay) as its function (`runAs`), and the table clients' middleware asks
 * who is calling. A call outside any function (test setup, seeding scripts) is not checked.
 */

/** Who calls the table: an API group, a consumer row, a gateway function or the relay. */
export type TableCaller = FunctionGroup | ConsumerName | GatewayFunction | 'relay';

/** Where the local stack keeps the seats' wrapped data keys: beside the table (`<TABLE_NAME>-seat-keys`). */
const isSeatKeysTable = (tableName: string) => tableName.endsWith('-seat-keys');

/**
 * A caller's grants on the seat keys' table, as CDK grants them (infra/constructs/table-access.ts,
 * `grantSeatKeysTable`): who makes seat keys writes and destroys their wrapped copies, who opens
 * them reads them (a group's `dataKeys`, a consumer's `seatKeys` need); nobody else touches it.
 */
const seatKeysGrantsOf = (caller: TableCaller): readonly TableGrant[] => {
  const reason = 'the seat keys’ table: one item a seat, granted as a whole to who makes or opens seat keys';
  const group = functionGroups.find((name) => name === caller);
  const uses =
    group === undefined
      ? (consumers.find((row) => row.name === caller)?.needs as readonly string[] | undefined)?.includes(
          'seatKeys',
        )
        ? ['open']
        : []
      : ((groupAccess[group] as { dataKeys?: readonly { key: string; use: readonly string[] }[] }).dataKeys
          ?.filter((grant) => grant.key === 'seat')
          .flatMap((grant) => grant.use) ?? []);
  const actions = seatKeysTableActions(uses as readonly ('make' | 'open')[]);
  return actions.length === 0 ? [] : [{ actions, unconfined: reason }];
};

/** A caller's grants, from its row; a gateway function has none (it never reaches the table). */
export const grantsOfCaller = (caller: TableCaller, tableName = ''): readonly TableGrant[] => {
  if (isSeatKeysTable(tableName)) return seatKeysGrantsOf(caller);
  if (caller === 'relay') return relayTable;
  const group = functionGroups.find((name) => name === caller);
  if (group !== undefined) return groupAccess[group].table;
  return consumers.find((row) => row.name === caller)?.table ?? [];
};

const running = new AsyncLocalStorage<TableCaller>();

/** Runs `work` (and whatever it starts: its promises, timers, servers) as `caller`. */
export const runAs = <T>(caller: TableCaller, work: () => T): T => running.run(caller, work);

/** A handler whose every invocation runs as `caller`. */
export const handlerAs =
  <A extends unknown[], R>(caller: TableCaller, handler: (...args: A) => R) =>
  (...args: A): R =>
    runAs(caller, () => handler(...args));

/**
 * One request as IAM authorises it: an action, on the table or one of its indexes, for one leading
 * key (none for an action on the table itself).
 */
export interface TableRequest {
  action: string;
  index?: string;
  leadingKey?: string;
}

type Item = Record<string, AttributeValue | undefined>;
interface Input {
  TableName?: string;
  IndexName?: string;
  Key?: Item;
  Item?: Item;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  RequestItems?: Record<string, unknown>;
  TransactItems?: Record<string, (Input & { TableName?: string }) | undefined>[];
}

/** An item's leading key; one not found is '', which only a bare `*` pattern matches. */
const leadingKeyOf = (item: Item | undefined): string => item?.[tableDesign.partitionKey]?.S ?? '';

/** The partition key value a Query names (`PK = :pk`, `#pk = :v AND begins_with(SK, :s)`…). */
const queriedKey = (input: Input): string => {
  const attribute =
    input.IndexName === undefined
      ? tableDesign.partitionKey
      : tableDesign.globalIndexes.find((index) => index.indexName === input.IndexName)?.partitionKey;
  for (const condition of (input.KeyConditionExpression ?? '').split(/\s+AND\s+/i)) {
    const match = /^\(?\s*([#\w]+)\s*=\s*(:\w+)\s*\)?$/.exec(condition.trim());
    if (match === null) continue;
    const [, name = '', value = ''] = match;
    if ((input.ExpressionAttributeNames?.[name] ?? name) === attribute)
      return input.ExpressionAttributeValues?.[value]?.S ?? '';
  }
  return '';
};

const transactActions: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Get: 'dynamodb:GetItem',
};

/**
 * The requests IAM authorises for one call of `command` on the table `tableName`: a transaction
 * item by item (each as its single-item action), a batch item by item (each as the batch action),
 * a Query by the partition key value it names. Parts on other tables are not this table's.
 */
export const tableRequestsOf = (command: string, input: Input, tableName: string): TableRequest[] => {
  const action = `dynamodb:${command.replace(/Command$/, '')}`;
  switch (command) {
    case 'GetItemCommand':
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return input.TableName === tableName ? [{ action, leadingKey: leadingKeyOf(input.Key) }] : [];
    case 'PutItemCommand':
      return input.TableName === tableName ? [{ action, leadingKey: leadingKeyOf(input.Item) }] : [];
    case 'QueryCommand':
    case 'ScanCommand':
      if (input.TableName !== tableName) return [];
      return [
        {
          action,
          ...(input.IndexName === undefined ? {} : { index: input.IndexName }),
          ...(command === 'QueryCommand' ? { leadingKey: queriedKey(input) } : {}),
        },
      ];
    case 'BatchGetItemCommand': {
      const { Keys = [] } = (input.RequestItems?.[tableName] ?? {}) as { Keys?: Item[] };
      return Keys.map((key) => ({ action, leadingKey: leadingKeyOf(key) }));
    }
    case 'BatchWriteItemCommand': {
      const writes = (input.RequestItems?.[tableName] ?? []) as {
        PutRequest?: { Item?: Item };
        DeleteRequest?: { Key?: Item };
      }[];
      return writes.map((write) => ({
        action,
        leadingKey: leadingKeyOf(write.PutRequest?.Item ?? write.DeleteRequest?.Key),
      }));
    }
    case 'TransactWriteItemsCommand':
    case 'TransactGetItemsCommand':
      return (input.TransactItems ?? []).flatMap((part) =>
        Object.entries(part).flatMap(([kind, one]) =>
          one?.TableName === tableName
            ? [{ action: transactActions[kind] ?? kind, leadingKey: leadingKeyOf(one.Key ?? one.Item) }]
            : [],
        ),
      );
    default:
      return input.TableName === tableName ? [{ action }] : [];
  }
};

/** IAM's `StringLike`: `*` any run of characters, `?` any one; case matters. */
const stringLike = (pattern: string, value: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')
      .replaceAll('?', '.')}$`,
    's',
  ).test(value);

/**
 * Whether one of `grants` allows `request`: its action, its resource (the table, or the index it
 * names) and, where the grant is confined, its leading key (`ForAllValues`: a request without one,
 * such as DescribeTable, meets the condition, as in IAM).
 */
export const allows = (grants: readonly TableGrant[], request: TableRequest): boolean =>
  grants.some(
    (grant) =>
      grant.actions.some((action) => action === request.action) &&
      (request.index === undefined
        ? grant.indexes === undefined
        : (grant.indexes ?? []).some((index) => index === request.index)) &&
      (!('partitions' in grant) ||
        request.leadingKey === undefined ||
        grant.partitions.some((pattern) => stringLike(pattern, request.leadingKey ?? ''))),
  );

/**
 * What a refusal may say of a leading key: its entity prefix up to and including its first `#`
 * (`ACCOUNT#`, `RATE#`), never the rest, which may hold a hash of personal data; a key without `#`
 * is one of the table's fixed partitions (`PROXIES`).
 */
export const keyPrefix = (leadingKey: string | undefined): string => {
  if (leadingKey === undefined) return '(none)';
  const hash = leadingKey.indexOf('#');
  if (hash >= 0) return leadingKey.slice(0, hash + 1);
  return /^[A-Z_]{1,40}$/.test(leadingKey) ? leadingKey : '(unnamed)';
};

/** How a refusal's stderr line starts (the e2e tier fails on any: test/support/local-stack.global-setup.ts). */
export const tableGuardLine = 'table guard: AccessDeniedException: ';

/** The error IAM's refusal surfaces as in the SDK. */
export const accessDenied = (caller: string, request: TableRequest, tableName: string) =>
  new DynamoDBServiceException({
    name: 'AccessDeniedException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
    message: `${caller} is not authorized to perform ${request.action} on ${tableName}${
      request.index === undefined ? '' : `/index/${request.index}`
    } for leading key ${keyPrefix(request.leadingKey)} (local table guard: its row's table grants do not cover it)`,
  });

/**
 * The middleware that checks each call a table client makes on its table against its caller's
 * grants, before it is sent: the caller is the function it runs as, or else the function the
 * client was built as. Refused, it throws `AccessDeniedException` and says so on `report` (stderr).
 */
export const tableGuard =
  (
    options: {
      grantsOf?: (caller: TableCaller, tableName: string) => readonly TableGrant[];
      report?: (line: string) => void;
    } = {},
  ): TableClientPlugin =>
  (tableName) => {
    // A client built as a function (the relay's, in its start) is that function's: its calls from
    // callbacks that keep no context (a connection's `close`) are still the function's own.
    const owner = running.getStore();
    const grantsOf = options.grantsOf ?? grantsOfCaller;
    const report = options.report ?? ((line: string) => void process.stderr.write(`${line}\n`));
    return {
      applyToStack(stack) {
        stack.add(
          (next, context) => async (args) => {
            const caller = running.getStore() ?? owner;
            if (caller !== undefined) {
              const grants = grantsOf(caller, tableName);
              const refused = tableRequestsOf(context.commandName ?? '', args.input as Input, tableName).find(
                (request) => !allows(grants, request),
              );
              if (refused !== undefined) {
                const error = accessDenied(caller, refused, tableName);
                report(`${tableGuardLine}${error.message}`);
                throw error;
              }
            }
            return next(args);
          },
          // After serialisation's marshalling: the input holds attribute values whichever client sent it.
          // Named for its table: one client may serve two tables (the domain's and the seat keys').
          { step: 'build', name: `localTableGuard ${tableName}` },
        );
      },
    };
  };

/**
 * Checks the calls of every table client built from now on in this process on its table (the
 * local stack's start; a test that opts in); the answer stops adding the check.
 */
export const guardTableCalls = (): (() => void) => addTableClientPlugin(tableGuard());
