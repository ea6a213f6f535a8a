import { localCredentials } from '../shared/adapters/local/local-endpoint';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type AttributeValue as StreamValue,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesFilter, type FilterPattern } from '../shared/adapters/lambda/event-filter';
import { lambdaContext } from './lambda-http';

export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<unknown>;

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** An attribute value as Lambda's stream event writes it (binary as base64 text, as in its JSON). */
const toLambdaValue = (value: StreamValue): AttributeValue => {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaValue) };
  return { M: toLambdaImage(value.M ?? {}) };
};

const toLambdaImage = (image: Record<string, StreamValue>): Record<string, AttributeValue> =>
  Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaValue(value)]));

const optionalImage = (image: Record<string, StreamValue> | undefined) =>
  image === undefined ? undefined : toLambdaImage(image);

/** A record of DynamoDB Local's stream as Lambda hands it to a stream handler. */
const toLambdaRecord = (record: _Record, streamArn: string): DynamoDBRecord => ({
  eventID: record.eventID,
  eventName: record.eventName,
  eventVersion: record.eventVersion,
  eventSource: 'aws:dynamodb',
  awsRegion: record.awsRegion,
  eventSourceARN: streamArn,
  dynamodb: {
    ApproximateCreationDateTime:
      record.dynamodb?.ApproximateCreationDateTime === undefined
        ? undefined
        : Math.floor(record.dynamodb.ApproximateCreationDateTime.getTime() / 1000),
    Keys: optionalImage(record.dynamodb?.Keys),
    NewImage: optionalImage(record.dynamodb?.NewImage),
    OldImage: optionalImage(record.dynamodb?.OldImage),
    SequenceNumber: record.dynamodb?.SequenceNumber,
    SizeBytes: record.dynamodb?.SizeBytes,
    StreamViewType: record.dynamodb?.StreamViewType,
  },
});

/**
 * How long a poller waits after a pass that found nothing: 10 ms while records come, doubling
 * to 80 ms while none do. AWS's event source mapping polls a shard four times a second; polling
 * an idle stream every 10 ms made DynamoDB Local answer 200 reads a second for nothing, which the
 * API's requests queued behind on a small machine, and every 40 ms still kept an idle stack busy.
 */
const busyPollMs = 10;
const idlePollMs = 80;

/**
 * What the DynamoDB stream event source mapping does, locally (docs/consumers.md): read
 * DynamoDB Local's stream shard by shard, keep the records the event source's filter keeps, and
 * invoke the same stream handler with them as a DynamoDB stream event. A handler that throws gets
 * the same records again on the next pass.
 */
export const startStreamPoller = async (options: {
  name: string;
  endpoint: string;
  tableName: string;
  /** The event source's filter: only the records it keeps reach the handler. */
  filter: FilterPattern;
  batchSize: number;
  /** The function's time limit, which its context counts down (default 30 s). */
  timeoutSeconds?: number;
  handler: StreamHandler;
  onError: (error: unknown) => void;
}) => {
  const credentials = localCredentials;
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
  let idleWait = busyPollMs;
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
            new GetRecordsCommand({ ShardIterator: iterator, Limit: options.batchSize }),
          );
          const kept = Records.map((record) => toLambdaRecord(record, streamArn)).filter((record) =>
            matchesFilter(options.filter, record),
          );
          if (kept.length > 0)
            await options.handler({ Records: kept }, lambdaContext(options.name, options.timeoutSeconds));
          // Only after the handler succeeded does the position move on.
          iterators.set(shard, NextShardIterator ?? null);
          got += Records.length;
        }
        if (got > 0) idleWait = busyPollMs;
        else {
          await new Promise((done) => setTimeout(done, idleWait));
          idleWait = Math.min(idleWait * 2, idlePollMs);
        }
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
