import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { queueConsumers, queueNames } from '../../../infra/consumers';
import type { TableAccess } from '../../../shared/adapters/dynamo/client';
import { seatKeysTableOf } from '../../support/table';
import { stackTable } from './consent';
import { stackValue } from './stack';

/**
 * Every place of the local stack where a copy of a person's content could be left: the table
 * (scanned whole) and its stream (every record from its start), the seat keys' table, every queue
 * and dead-letter queue of the consumers table (looked at through the emulator without taking
 * anything: ready, delayed and in-flight messages), and the webhook bodies kept aside for being too
 * large for a queue message. Queued webhook bodies travel in base64: they are decoded before they
 * are searched.
 */

/** A value's text: its strings, and inside them any queued body's decoded bytes. */
const textsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value, ...decodedBody(value)];
  if (value instanceof Uint8Array) return [Buffer.from(value).toString('utf8')];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
};

const decodedBody = (text: string): string[] => {
  if (!text.includes('"base64"')) return [];
  try {
    const parsed = JSON.parse(text) as { encoding?: unknown; data?: unknown };
    return parsed.encoding === 'base64' && typeof parsed.data === 'string'
      ? [Buffer.from(parsed.data, 'base64').toString('utf8')]
      : [];
  } catch {
    return [];
  }
};

/** Every item of `table`, page after page. */
export const scanAll = async (table: TableAccess): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.send(
      new ScanCommand({ TableName: table.tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
};

/** Every record the table's stream still holds, shard by shard from the start. */
const streamRecords = async (table: TableAccess): Promise<unknown[]> => {
  const client = {
    endpoint: stackValue('stackDynamo').endpoint,
    region: 'sa-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const dynamo = new DynamoDBClient(client);
  const { Table } = await dynamo
    .send(new DescribeTableCommand({ TableName: table.tableName }))
    .finally(() => dynamo.destroy());
  const streamArn = Table?.LatestStreamArn;
  if (streamArn === undefined) throw new Error('the table has no stream');
  const streams = new DynamoDBStreamsClient(client);
  const records: unknown[] = [];
  try {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      let { ShardIterator: iterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      // An open shard always has a next iterator: it is read up to its first empty page.
      while (iterator !== undefined) {
        const { Records = [], NextShardIterator } = await streams.send(
          new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }),
        );
        records.push(...Records);
        iterator = Records.length === 0 ? undefined : NextShardIterator;
      }
    }
  } finally {
    streams.destroy();
  }
  return records;
};

/** A queue's messages as the emulator holds them, taking none. */
const queueContents = async (name: string): Promise<unknown> => {
  const answer = await fetch(`${stackValue('sqsEndpoint')}/_fauxqs/queues/${encodeURIComponent(name)}`);
  if (!answer.ok) throw new Error(`the emulator has no queue ${name} (${answer.status})`);
  return ((await answer.json()) as { messages: unknown }).messages;
};

/** The kept bodies' files (the local stack's `EVENT_BODIES_DIR`, its default under `.local`). */
const keptBodies = async (): Promise<{ name: string; text: string }[]> => {
  const directory = resolve('.local/event-bodies');
  const names = await readdir(directory, { recursive: true }).catch(() => [] as string[]);
  const files: { name: string; text: string }[] = [];
  for (const name of names) {
    const text = await readFile(join(directory, name), 'utf8').catch(() => null);
    if (text !== null) files.push({ name, text });
  }
  return files;
};

/** Where any of `needles` is found (case-insensitive), as `<store>: <which>`; empty when nowhere. */
export const copiesOf = async (needles: readonly string[]): Promise<string[]> => {
  const wanted = needles.map((needle) => needle.toLowerCase());
  const holds = (value: unknown) =>
    textsOf(value).some((text) => wanted.some((needle) => text.toLowerCase().includes(needle)));
  const found: string[] = [];
  const table = stackTable();
  for (const item of await scanAll(table))
    if (holds(item)) found.push(`table: ${String(item['PK'])}/${String(item['SK'])}`);
  for (const record of await streamRecords(table)) if (holds(record)) found.push('table stream: a record');
  for (const item of await scanAll(seatKeysTableOf(table)))
    if (holds(item)) found.push(`seat keys table: ${String(item['seatId'])}`);
  for (const row of queueConsumers) {
    const { queue, deadLetter } = queueNames(row);
    for (const name of [queue, deadLetter])
      if (holds(await queueContents(name))) found.push(`queue: ${name}`);
  }
  for (const { name, text } of await keptBodies()) if (holds(text)) found.push(`kept body: ${name}`);
  return found;
};
