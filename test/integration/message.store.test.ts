import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal as seal } from '../../shared/adapters/crypto/content-seal';
import { hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import type { StoredMessage } from '../../shared/ports/messages';
import { freshTable, inSmallPages } from '../support/table';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const seatKeys = localSeatKeys(Buffer.alloc(32, 3).toString('base64'));
const hasher = hmacHasher('integration-hash-key');
const providerChat = '5521998765432@c.us';
const chat = hasher.digest('chat', providerChat);
const expires = Math.floor(Date.now() / 1000) + 30 * 86_400;

const sealed = async (seatId: string, index: number, text: string): Promise<StoredMessage> => {
  const dataKey = await seatKeys.open(seatId, await wrappedKey(seatId));
  const messageId = hasher.digest('message', `false_${providerChat}_ID${index}`);
  return {
    seatId,
    messageId,
    chat,
    fromMe: index % 2 === 0,
    sentAt: new Date(Date.UTC(2026, 0, 1, 12, 0, index)).toISOString(),
    sealed: seal.seal(dataKey, { seatId, messageId }, text),
  };
};
/** One wrapped key per seat, made once even when messages are sealed side by side. */
const wrapped = new Map<string, Promise<string>>();
const wrappedKey = (seatId: string) => {
  if (!wrapped.has(seatId)) wrapped.set(seatId, seatKeys.create(seatId));
  return wrapped.get(seatId)!;
};
const opened = async (message: StoredMessage) =>
  seal.open(await seatKeys.open(message.seatId, await wrappedKey(message.seatId)), message, message.sealed);

describe('the sealed message store', () => {
  it('keeps a message once, by its id, and opens it back', async () => {
    const store = dynamoMessageStore(table);
    const text = 'oi 👋🏽 \uFFFE tudo bem?';
    const message = await sealed('seat-1', 1, text);
    expect(await store.putIfAbsent(message, expires)).toBe(true);
    expect(await store.putIfAbsent(await sealed('seat-1', 1, 'another text'), expires)).toBe(false);
    const [read] = await store.byIds('seat-1', [message.messageId, 'never-kept']);
    expect(read).toMatchObject({ messageId: message.messageId, chat, fromMe: false, sentAt: message.sentAt });
    expect(await opened(read!)).toBe(text);
  });

  it('puts many messages by batch writes (again: the same items), and tells which ids are kept', async () => {
    const store = dynamoMessageStore(table);
    const messages = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sealed('seat-batch', 100 + i, `m${i}`)),
    );
    const first = messages.slice(0, 40).map((message) => ({ message, expiresAtSeconds: expires }));
    await store.putAll(first);
    await store.putAll(first);
    const kept = await store.keptAmong(
      'seat-batch',
      messages.map((message) => message.messageId),
    );
    expect(kept).toEqual(new Set(messages.slice(0, 40).map((message) => message.messageId)));
    const last = await store.lastOfChat('seat-batch', chat, 100);
    expect(last).toHaveLength(40);
    expect(await opened(last[39]!)).toBe('m39');
    await store.putAll([]);
  });

  it('reads the last messages of a chat, oldest first, and messages by ids', async () => {
    const store = dynamoMessageStore(table);
    const messages = await Promise.all([10, 11, 12, 13, 14, 15, 16].map((i) => sealed('seat-2', i, `m${i}`)));
    for (const message of messages) await store.putIfAbsent(message, expires);
    await store.putIfAbsent({ ...(await sealed('seat-2', 17, 'other chat')), chat: 'other-chat' }, expires);

    const window = await store.lastOfChat('seat-2', chat, 5);
    expect(await Promise.all(window.map(opened))).toEqual(['m12', 'm13', 'm14', 'm15', 'm16']);
    const picked = await store.byIds('seat-2', [messages[4]!.messageId, messages[1]!.messageId]);
    expect(await Promise.all(picked.map(opened))).toEqual(['m11', 'm14']);
  });

  it('keeps no plaintext and no phone number in the table', async () => {
    const store = dynamoMessageStore(table);
    const marker = 'zq-marker-7c1e9f';
    await store.putIfAbsent(await sealed('seat-3', 1, `meet me ${marker} at 5`), expires);
    const { Items = [] } = await table.doc.send(new ScanCommand({ TableName: table.tableName }));
    const raw = Items.map((item) =>
      JSON.stringify(item, (_, value: unknown) =>
        value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
      ),
    ).join('\n');
    expect(Items.length).toBeGreaterThan(0);
    expect(raw).not.toContain(marker);
    expect(raw).not.toContain(Buffer.from(marker, 'utf16le').toString('latin1'));
    expect(raw).not.toContain('5521998765432');
    expect(Items.every((item) => typeof item['ttl'] === 'number')).toBe(true);
  });

  it('deletes all of a seat’s messages, page after page, and nothing of another seat', async () => {
    const messages = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sealed('seat-4', 100 + i, `doomed ${i}`)),
    );
    const store = dynamoMessageStore(table);
    for (const message of messages) await store.putIfAbsent(message, expires);
    const kept = await sealed('seat-5', 1, 'kept');
    await store.putIfAbsent(kept, expires);

    const { table: paged, read } = inSmallPages(table, 7);
    expect(await dynamoMessageStore(paged).deleteAllOfSeat('seat-4')).toBe(30);
    expect(read.pages).toBeGreaterThan(1);
    expect(
      await store.byIds(
        'seat-4',
        messages.map((message) => message.messageId),
      ),
    ).toEqual([]);
    expect(await store.deleteAllOfSeat('seat-4')).toBe(0);
    expect(await store.byIds('seat-5', [kept.messageId])).toHaveLength(1);
  });
});
