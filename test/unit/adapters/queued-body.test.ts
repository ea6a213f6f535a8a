import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeQueuedBody,
  encodeQueuedBody,
  queueMessageLimitBytes,
} from '../../../shared/adapters/sqs/queued-body';
import type { EventBodyStore } from '../../../shared/ports/event-bodies';

const memoryBodies = () => {
  const kept = new Map<string, Uint8Array>();
  const store: EventBodyStore = {
    put: async (key, bytes) => void kept.set(key, bytes),
    get: async (key) => kept.get(key) ?? null,
    remove: async (key) => void kept.delete(key),
  };
  return { kept, store, open: async () => store };
};

/** A store that must not be opened: an inline body needs none. */
const unopened = async (): Promise<EventBodyStore> => {
  throw new Error('the body store was opened');
};

/** Only what SQS takes in a message body (and the emulator: nothing outside the BMP). */
const queueSafe = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD]*$/u;

describe('a body through the queue', () => {
  it.each([
    ['arbitrary bytes', randomBytes(4096)],
    ['emoji', Buffer.from('{"body":"oi 😍 tudo bem"}')],
    ['U+FFFE, U+FFFF and control characters', Buffer.from('{"body":"\uFFFE\uFFFF\u0001\u001f"}')],
    ['an empty body', Buffer.alloc(0)],
  ])('comes back byte for byte: %s, inline in a queue-safe message', async (_, raw) => {
    const { kept, store } = memoryBodies();
    const message = await encodeQueuedBody(raw, store);
    expect(message).toMatch(queueSafe);
    expect(kept.size).toBe(0);
    const decoded = await decodeQueuedBody(message, unopened);
    expect(decoded).toMatchObject({ kind: 'bytes', key: null });
    expect(decoded.kind === 'bytes' && decoded.bytes.equals(raw)).toBe(true);
  });

  it('goes by reference when the message would pass the queue’s limit, and is gone once removed', async () => {
    const { kept, store, open } = memoryBodies();
    const raw = randomBytes((queueMessageLimitBytes / 4) * 3);
    const message = await encodeQueuedBody(raw, store);
    expect(Buffer.byteLength(message)).toBeLessThan(200);
    expect(message).toMatch(queueSafe);
    const [key] = [...kept.keys()];
    expect(key).toMatch(/^session-events\//);
    const decoded = await decodeQueuedBody(message, open);
    expect(decoded.kind === 'bytes' && decoded.bytes.equals(raw) && decoded.key === key).toBe(true);
    await store.remove(key ?? '');
    expect(await decodeQueuedBody(message, open)).toEqual({ kind: 'gone', key });
  });

  it('keeps inline the largest body that fits', async () => {
    const { kept, store } = memoryBodies();
    const wrapper = Buffer.byteLength(JSON.stringify({ encoding: 'base64', data: '' }));
    const raw = randomBytes(Math.floor((queueMessageLimitBytes - wrapper) / 4) * 3);
    const message = await encodeQueuedBody(raw, store);
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(queueMessageLimitBytes);
    expect(kept.size).toBe(0);
  });

  it('takes a message queued before bodies were encoded as the body itself, and names no other key', async () => {
    const legacy = '{"id":"evt_1","event":"message","session":"s","payload":{}}';
    const decoded = await decodeQueuedBody(legacy, unopened);
    expect(decoded.kind === 'bytes' && decoded.bytes.toString('utf8')).toBe(legacy);
    const outside = JSON.stringify({ encoding: 'ref', key: '../../etc/passwd' });
    expect(await decodeQueuedBody(outside, unopened)).toMatchObject({ kind: 'bytes', key: null });
  });
});
