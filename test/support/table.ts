import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createTableAccess, type TableAccess } from '../../shared/adapters/dynamo/client';
import { createTable } from '../../localstack/dynamo';

/** A new table, built from the same design as CDK's, so tests never share data. */
export const freshTable = async (): Promise<TableAccess> => {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  await createTable(endpoint, tableName);
  return createTableAccess({ tableName, region: 'sa-east-1', endpoint });
};
