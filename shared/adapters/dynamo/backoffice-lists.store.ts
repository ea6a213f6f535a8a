import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BackofficeLists } from '../../ports/operators';
import type { TableAccess } from './client';
import { toUser } from './items';
import { keys } from './keys';

/** The backoffice's lists: one Query per page, on the index items each entity carries for it. */
export const dynamoBackofficeLists = (table: TableAccess): BackofficeLists => ({
  async users({ after, limit }) {
    const listing = keys.userListing('', '');
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': listing.GSI1PK },
        ScanIndexForward: false,
        Limit: limit,
        ...(after === null
          ? {}
          : { ExclusiveStartKey: { ...keys.user(after.id), ...keys.userListing(after.at, after.id) } }),
      }),
    );
    return Items.map(toUser);
  },
});
