import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { createTableAccess, type TableAccess } from '../../shared/adapters/dynamo/client';
import { createSeatKeysTable, createTable } from '../../localstack/dynamo';

/** The seat keys' table that goes with a test's table (made with it by `freshTable`). */
export const seatKeysTableOf = (table: TableAccess): TableAccess => ({
  ...table,
  tableName: `${table.tableName}-seat-keys`,
});

/**
 * A new table, built from the same design as CDK's, so tests never share data, with its seat keys'
 * table beside it (`seatKeysTableOf`).
 */
export const freshTable = async (): Promise<TableAccess> => {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  await createTable(endpoint, tableName);
  const table = createTableAccess({ tableName, region: 'sa-east-1', endpoint });
  await createSeatKeysTable(endpoint, seatKeysTableOf(table).tableName);
  return table;
};

/**
 * The same table, whose queries come back a few items a page (as if each page had reached
 * DynamoDB's 1 MB): a store must follow every page to read all of a partition. A query that sets
 * its own `Limit` keeps it. `pages` counts the query pages read.
 */
export const inSmallPages = (table: TableAccess, pageSize: number) => {
  const read = { pages: 0 };
  const doc = new Proxy(table.doc, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
      return (command: Parameters<typeof target.send>[0], ...rest: unknown[]) => {
        if (command instanceof QueryCommand) {
          command.input.Limit ??= pageSize;
          read.pages += 1;
        }
        return Reflect.apply(target.send, target, [command, ...rest]) as unknown;
      };
    },
  });
  return { table: { ...table, doc }, read };
};

/** The same table, counting every command sent to DynamoDB (`sent.calls`). */
export const counted = (access: TableAccess) => {
  const sent = { calls: 0 };
  const doc = new Proxy(access.doc, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
      return (...args: unknown[]) => {
        sent.calls += 1;
        return Reflect.apply(target.send, target, args) as unknown;
      };
    },
  });
  return { table: { ...access, doc }, sent };
};
