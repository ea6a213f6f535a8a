import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { isEventInsert } from '../shared/adapters/dynamo/stream-filter';

/**
 * What the DynamoDB stream event source mapping does, locally (local-stack.md "Table stream"): read
 * DynamoDB Local's stream shard by shard, keep the records the event source's filter keeps, and
 * invoke the same stream handler with them as a DynamoDB stream event. A handler that throws gets
 * the same records again on the next pass.
 */
export const startStreamPoller = async (options: {
  endpoint: string;
  tableName: string;
  handler: (event: DynamoDBStreamEvent) => Promise<void>;
  onError: (error: unknown) => void;
}) => {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const dynamo = new DynamoDBClient({ endpoint: options.endpoint, region: 'sa-east-1', credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: 'sa-east-1', credentials });
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (streamArn === undefined) throw new Error(`table ${options.tableName} has no stream`);
  dynamo.destroy();

  // Each shard's next iterator; shards found later start at their beginning (nothing is missed).
  const iterators = new Map<string, string | null>();
  let started = false;
  const discover = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId ?? '';
      if (iterators.has(id)) continue;
      const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: id,
          // At start only what comes next matters; shards that open later are read whole.
          ShardIteratorType: started || !open ? 'TRIM_HORIZON' : 'LATEST',
        }),
      );
      iterators.set(id, ShardIterator ?? null);
    }
    started = true;
  };

  let running = true;
  const loop = (async () => {
    let lastDiscovery = 0;
    while (running) {
      try {
        if (Date.now() - lastDiscovery > 2_000) {
          await discover();
          lastDiscovery = Date.now();
        }
        let got = 0;
        for (const [shard, iterator] of iterators) {
          if (iterator === null) continue;
          const { Records = [], NextShardIterator } = await streams.send(
            new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }),
          );
          const kept = Records.filter((record) => isEventInsert(record));
          if (kept.length > 0) {
            await options.handler({ Records: kept } as unknown as DynamoDBStreamEvent);
          }
          // Only after the handler succeeded does the position move on.
          iterators.set(shard, NextShardIterator ?? null);
          got += Records.length;
        }
        if (got === 0) await new Promise((done) => setTimeout(done, 10));
      } catch (error) {
        if (running) options.onError(error);
        await new Promise((done) => setTimeout(done, 200));
      }
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
      streams.destroy();
    },
  };
};
