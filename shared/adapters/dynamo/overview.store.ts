import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  overviewCounts,
  overviewShardOf,
  sumOverview,
  type OverviewDelta,
  type OverviewTotals,
} from '../../domain/operators/overview';
import type { TableAccess } from './client';
import { itemTypes, keys } from './keys';
import type { TransactItem } from './transact';

/**
 * Adds a change's delta to the shard of what changed (`key`: a seat's or a proxy's uid), inside the
 * change's own transaction. ADD makes the item and its counts on first use.
 */
export const overviewUpdate = (table: TableAccess, key: string, delta: OverviewDelta): TransactItem => {
  const counts = Object.entries(delta).filter(([, value]) => value !== undefined && value !== 0);
  return {
    Update: {
      TableName: table.tableName,
      Key: keys.overviewShard(overviewShardOf(key)),
      UpdateExpression: `SET #type = :type ADD ${counts.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#type': 'type',
        ...Object.fromEntries(counts.map(([name], index) => [`#c${index}`, name])),
      },
      ExpressionAttributeValues: {
        ':type': itemTypes.overviewShard,
        ...Object.fromEntries(counts.map(([, value], index) => [`:c${index}`, value])),
      },
    },
  };
};

/** The overview's totals: one Query of the counters' partition, its shards summed. */
export const readOverviewCounts = async (table: TableAccess): Promise<OverviewTotals> => {
  const { Items = [] } = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.overviewPartition() },
      ConsistentRead: true,
    }),
  );
  return sumOverview(
    Items.map((item) =>
      Object.fromEntries(
        overviewCounts.map((name) => [name, typeof item[name] === 'number' ? item[name] : 0]),
      ),
    ),
  );
};
