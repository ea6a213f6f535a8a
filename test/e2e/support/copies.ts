import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { queueConsumers, queueNames } from '../../../infra/consumers';
import type { TableAccess } from '../../../shared/adapters/dynamo/client';
import { seatKeysTableOf } from '../../support/table';
import { stackTable } from './consent';
import { stackValue } from './stack';
import { recordsSince, type StreamMark } from './table-stream';

/**
 * Every place of the local stack where a copy of a person's content could be left: the table
 * (scanned whole) and its stream (every record from its start, or from a test's mark), the seat keys' table, every queue
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

/**
 * Where any of `needles` is found (case-insensitive), as `<store>: <which>`; empty when nowhere. A
 * test whose needles are new to it passes the stream's mark from its start: no record before it can
 * hold them, and the stream after a long run holds every write of it.
 */
export const copiesOf = async (needles: readonly string[], since?: StreamMark): Promise<string[]> => {
  const wanted = needles.map((needle) => needle.toLowerCase());
  const holds = (value: unknown) =>
    textsOf(value).some((text) => wanted.some((needle) => text.toLowerCase().includes(needle)));
  const found: string[] = [];
  const table = stackTable();
  for (const item of await scanAll(table))
    if (holds(item)) found.push(`table: ${String(item['PK'])}/${String(item['SK'])}`);
  for (const record of await recordsSince(since)) if (holds(record)) found.push('table stream: a record');
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
