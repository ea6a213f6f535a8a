import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface TableAccess {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export const createTableAccess = (options: {
  tableName: string;
  region: string;
  endpoint?: string | undefined;
}): TableAccess => {
  const client = new DynamoDBClient({
    region: options.region,
    // A call that hangs is abandoned and retried rather than holding its caller (and a relay topic) forever.
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
  });
  return {
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
    tableName: options.tableName,
  };
};
