import { createTableAccess, type TableAccess } from '../../shared/adapters/dynamo/client';
import type { Config } from '../../shared/config/config';

/**
 * A table of the service, through DynamoDB Local's endpoint where one is set: the domain's table,
 * or the one named (the seat keys' table).
 */
export const tableOf = (
  settings: Pick<Config, 'TABLE_NAME' | 'AWS_REGION' | 'DYNAMODB_ENDPOINT'>,
  tableName: string = settings.TABLE_NAME,
): TableAccess =>
  createTableAccess({ tableName, region: settings.AWS_REGION, endpoint: settings.DYNAMODB_ENDPOINT });
