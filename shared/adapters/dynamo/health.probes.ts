import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { HealthProbe } from '../../ports/health';
import type { TableAccess } from './client';
import { keys } from './keys';

/** The database answers a read; the event stream (the table's stream) is enabled. */
export const tableProbes = (table: TableAccess): HealthProbe[] => [
  {
    name: 'database',
    async check() {
      await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.health() }));
    },
  },
  {
    name: 'eventStream',
    async check() {
      const { Table } = await table.doc.send(new DescribeTableCommand({ TableName: table.tableName }));
      if (Table?.StreamSpecification?.StreamEnabled !== true) throw new Error('table stream disabled');
    },
  },
];
