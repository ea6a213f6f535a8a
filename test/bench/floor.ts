import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/** The floor of a cold start: create the document client and do one GetItem, nothing else. */
export const handler = async () => {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: process.env['DYNAMODB_ENDPOINT'], region: process.env['AWS_REGION'] }),
  );
  await doc.send(
    new GetCommand({ TableName: process.env['TABLE_NAME'], Key: { PK: 'HEALTH', SK: 'HEALTH' } }),
  );
  return { statusCode: 200 };
};
