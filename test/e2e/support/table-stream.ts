import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { localCredentials } from '../../../shared/adapters/local/local-endpoint';
import { stackValue } from './stack';

/**
 * The stack table's stream, read as a record of every write: a write that changes an item leaves a
 * record there, and one that changes nothing leaves none. Reading the records after a mark costs the
 * same whatever the table holds, where comparing two scans of the table costs its whole size twice.
 */

/** Where each shard stood when the mark was taken; a shard opened since is read from its start. */
export interface StreamMark {
  readonly iterators: ReadonlyMap<string, string>;
}

const clientConfig = () => ({
  endpoint: stackValue('stackDynamo').endpoint,
  region: 'sa-east-1',
  credentials: localCredentials,
});

/** The stack's table keeps its stream for the whole run: asked once per test file. */
let streamArnOnce: Promise<string> | undefined;
const tableStreamArn = (): Promise<string> =>
  (streamArnOnce ??= (async () => {
    const dynamo = new DynamoDBClient(clientConfig());
    const { Table } = await dynamo
      .send(new DescribeTableCommand({ TableName: stackValue('stackDynamo').tableName }))
      .finally(() => dynamo.destroy());
    if (Table?.LatestStreamArn === undefined) throw new Error('the table has no stream');
    return Table.LatestStreamArn;
  })());

const withStream = async <T>(
  read: (streams: DynamoDBStreamsClient, streamArn: string, shardIds: string[]) => Promise<T>,
): Promise<T> => {
  const streamArn = await tableStreamArn();
  const streams = new DynamoDBStreamsClient(clientConfig());
  try {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    const shardIds = (StreamDescription?.Shards ?? []).flatMap((shard) => shard.ShardId ?? []);
    if (shardIds.length === 0) throw new Error('the table’s stream has no shard');
    return await read(streams, streamArn, shardIds);
  } finally {
    streams.destroy();
  }
};

const iteratorOf = async (
  streams: DynamoDBStreamsClient,
  streamArn: string,
  shardId: string,
  type: 'LATEST' | 'TRIM_HORIZON',
): Promise<string | undefined> =>
  (
    await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type }),
    )
  ).ShardIterator;

/** A shard's records from `iterator` to its first empty page (an open shard always has a next one). */
const readShard = async (streams: DynamoDBStreamsClient, start: string | undefined): Promise<_Record[]> => {
  const records: _Record[] = [];
  let iterator = start;
  while (iterator !== undefined) {
    const { Records = [], NextShardIterator } = await streams.send(
      new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }),
    );
    records.push(...Records);
    iterator = Records.length === 0 ? undefined : NextShardIterator;
  }
  return records;
};

/** Marks where the stream stands now: `recordsSince` returns what is written after it. */
export const markStream = (): Promise<StreamMark> =>
  withStream(async (streams, streamArn, shardIds) => {
    const iterators = new Map<string, string>();
    for (const shardId of shardIds) {
      const iterator = await iteratorOf(streams, streamArn, shardId, 'LATEST');
      if (iterator !== undefined) iterators.set(shardId, iterator);
    }
    return { iterators };
  });

/** Every record written after `mark`, or every record the stream still holds when there is none. */
export const recordsSince = (mark?: StreamMark): Promise<_Record[]> =>
  withStream(async (streams, streamArn, shardIds) => {
    const records: _Record[] = [];
    for (const shardId of shardIds) {
      const marked = mark?.iterators.get(shardId);
      records.push(
        ...(await readShard(
          streams,
          marked ?? (await iteratorOf(streams, streamArn, shardId, 'TRIM_HORIZON')),
        )),
      );
    }
    return records;
  });

/** A record as a line a failed assertion can show: its kind and its item's keys, never its values. */
export const writeOf = (record: _Record): string =>
  `${record.eventName ?? '?'} ${String(record.dynamodb?.Keys?.['PK']?.S)}/${String(record.dynamodb?.Keys?.['SK']?.S)}`;
