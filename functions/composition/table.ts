import { createTableAccess, type TableAccess } from '../../shared/adapters/dynamo/client';
import type { Config } from '../../shared/config/config';

/**
 * The domain's table, through DynamoDB Local's endpoint where one is set (the seat keys' table goes
 * through the same client: `sameClientFor`).
 */
export const tableOf = (
  settings: Pick<Config, 'TABLE_NAME' | 'AWS_REGION' | 'DYNAMODB_ENDPOINT'>,
): TableAccess =>
  createTableAccess({
    tableName: settings.TABLE_NAME,
    region: settings.AWS_REGION,
    endpoint: settings.DYNAMODB_ENDPOINT,
  });
