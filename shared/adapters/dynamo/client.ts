import { endpointOptions } from '../local/local-endpoint';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface TableAccess {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

/** An SDK middleware of a table client, made for the client's table (what `middlewareStack.use` takes). */
export type TableClientPlugin = (
  tableName: string,
) => Parameters<DynamoDBClient['middlewareStack']['use']>[0];

/**
 * Middleware every table client built from then on in this process carries: the local stack's
 * check of each call against the calling function's grants (localstack/table-guard.ts). None in
 * AWS (IAM checks there), none in a test that does not opt in.
 */
const addedPlugins = new Set<TableClientPlugin>();

/** Adds `plugin` to the table clients built from now on; the answer takes it away again. */
export const addTableClientPlugin = (plugin: TableClientPlugin): (() => void) => {
  addedPlugins.add(plugin);
  return () => void addedPlugins.delete(plugin);
};

export const createTableAccess = (options: {
  tableName: string;
  region: string;
  endpoint?: string | undefined;
}): TableAccess => {
  const client = new DynamoDBClient({
    region: options.region,
    // A call that hangs is abandoned and retried rather than holding its caller (and a relay topic) forever.
    // The connection timeout also runs while a call waits for a socket of the client's own pool, so
    // the pool is not capped (the SDK caps it at 50): a process making more calls at once (the relay,
    // the local stack; 100 sign-ups at once under `npm run load`) failed them as "did not connect".
    requestHandler: {
      connectionTimeout: 2_000,
      requestTimeout: 5_000,
      httpAgent: { maxSockets: Infinity },
      httpsAgent: { maxSockets: Infinity },
    },
    ...endpointOptions(options.endpoint),
  });
  for (const plugin of addedPlugins) client.middlewareStack.use(plugin(options.tableName));
  return {
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
    tableName: options.tableName,
  };
};

/** The tables each client built here serves (its own and those `sameClientFor` added). */
const tablesServed = new WeakMap<DynamoDBDocumentClient, Set<string>>();

/**
 * Another table of the service through the same client (the seat keys' beside the domain's): one
 * client to build at a cold start and one pool of connections, where a client of its own would open
 * its own connection on its first call. The plugins table clients carry are added for that table.
 */
export const sameClientFor = (access: TableAccess, tableName: string): TableAccess => {
  const served = tablesServed.get(access.doc) ?? new Set([access.tableName]);
  tablesServed.set(access.doc, served);
  // Once per client and table: several wirings of one process may ask for the same table.
  if (!served.has(tableName))
    for (const plugin of addedPlugins) access.doc.middlewareStack.use(plugin(tableName));
  served.add(tableName);
  return { doc: access.doc, tableName };
};
