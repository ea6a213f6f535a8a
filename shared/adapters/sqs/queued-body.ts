import { randomUUID } from 'node:crypto';
import * as z from '../../validation/z';
import type { EventBodyStore } from '../../ports/event-bodies';

/**
 * How a webhook body travels through a queue unchanged. A queue refuses some characters a provider
 * may send (SQS: U+FFFE, U+FFFF and some control characters; the local emulator: everything outside
 * the Basic Multilingual Plane), so the message carries the exact bytes in base64 (the bytes whose
 * signature the gateway verified are the ones the worker parses). A body whose message would pass
 * the queue's size limit waits in the body store, and the message names it.
 */

/** SQS's limit on a message (body and attributes). */
export const queueMessageLimitBytes = 262_144;

/** Where referenced bodies are kept: the gateway may write only here, the workers read and remove. */
export const queuedBodyPrefix = 'session-events/';

const queuedBody = z.union([
  z.strictObject({ encoding: z.literal('base64'), data: z.string() }),
  z.strictObject({
    encoding: z.literal('ref'),
    key: z.string().check(z.regex(/^session-events\/[0-9a-f-]{36}$/)),
  }),
]);

/** The queue message for a body: inline when it fits, else a reference to the bytes kept in `bodies`. */
export const encodeQueuedBody = async (
  raw: Uint8Array,
  bodies: EventBodyStore,
  newKey: () => string = () => `${queuedBodyPrefix}${randomUUID()}`,
): Promise<string> => {
  const inline = JSON.stringify({ encoding: 'base64', data: Buffer.from(raw).toString('base64') });
  if (Buffer.byteLength(inline) <= queueMessageLimitBytes) return inline;
  const key = newKey();
  await bodies.put(key, raw);
  return JSON.stringify({ encoding: 'ref', key });
};

export type QueuedBody =
  | { kind: 'bytes'; bytes: Buffer; key: string | null }
  /** A referenced body no longer kept (handled and removed before a redelivery, or expired). */
  | { kind: 'gone'; key: string };

/**
 * The body a queue message carries. A message in no queued-body shape is a body queued before the
 * gateway encoded them, taken as it is. The store is opened (`openBodies`) only for a body kept
 * aside: nearly every body travels inline, and in AWS opening the store loads S3's client.
 */
export const decodeQueuedBody = async (
  message: string,
  openBodies: () => Promise<Pick<EventBodyStore, 'get'>>,
): Promise<QueuedBody> => {
  let parsed: z.infer<typeof queuedBody> | null = null;
  try {
    const result = queuedBody.safeParse(JSON.parse(message));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (parsed === null) return { kind: 'bytes', bytes: Buffer.from(message, 'utf8'), key: null };
  if (parsed.encoding === 'base64')
    return { kind: 'bytes', bytes: Buffer.from(parsed.data, 'base64'), key: null };
  const bytes = await (await openBodies()).get(parsed.key);
  return bytes === null
    ? { kind: 'gone', key: parsed.key }
    : { kind: 'bytes', bytes: Buffer.from(bytes), key: parsed.key };
};
