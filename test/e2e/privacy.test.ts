import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { markStream } from './support/table-stream';
import { copiesOf, scanAll } from './support/copies';
import { asPerson, protectedSeat, stackTable } from './support/consent';
import { eventually } from '../support/eventually';
import { awaitLogLines } from './support/logs';
import { pair, simulate } from './support/pairing';
import { guardianStream, personStream } from './support/streams';

/**
 * A guardian never reads a conversation: a unique word sent in a message reaches nobody but the
 * excerpt route. Everything else the service produces on the way (stream frames for the family and
 * for the person, event rows, the inbox, e-mail and push, every log line, every item at rest) is
 * searched for it.
 */
const everyItem = (): Promise<Record<string, unknown>[]> => scanAll(stackTable());

/** Text and bytes alike: a plaintext stored as UTF-8 or UTF-16 in a binary attribute is found too. */
const holds = (value: unknown, word: string): boolean => {
  if (value instanceof Uint8Array) {
    const bytes = Buffer.from(value);
    return bytes.includes(Buffer.from(word, 'utf8')) || bytes.includes(Buffer.from(word, 'utf16le'));
  }
  if (typeof value === 'string') return value.toLowerCase().includes(word.toLowerCase());
  if (Array.isArray(value)) return value.some((entry) => holds(entry, word));
  if (value !== null && typeof value === 'object')
    return Object.values(value).some((entry) => holds(entry, word));
  return false;
};

/** The seat's internal id, as its item holds it. */
const seatIdOf = (items: Record<string, unknown>[], seatUid: string): unknown =>
  items.find((item) => item['type'] === 'seat' && item['uid'] === seatUid)?.['seatId'];

describe('a unique word sent in a message', () => {
  it('reaches only the excerpt route: no stream frame, event, notification, delivery, log line or item at rest holds it; after the person stops, not even that', async () => {
    const since = await markStream();
    const marker = `zebra${randomBytes(6).toString('hex')}`;
    const family = await protectedSeat();
    const guardians = await guardianStream(family.owner.token, family.accountUid);
    const person = await personStream(family.linkToken);
    const session = await pair(family);

    await simulate(session, 'messages', {
      from: '5511912345678@c.us',
      body: `oi, me liga no 11 91234-5678 ou escreve pra ana@example.com, ${marker} #risk:grooming:high`,
    });
    await simulate(session, 'messages', { fromMe: true, body: `nao posso agora ${marker}` });

    const opened = await guardians.until(
      (events) => events.some((event) => event.type === 'alert.opened'),
      'the alert on the account stream',
    );
    const alertUid = opened.find((event) => event.type === 'alert.opened')?.payload['alertUid'] as string;
    // Both messages' events (each comes once, as `message.any`) were handled before anything is searched.
    await awaitLogLines(
      'session_event.handled',
      (line) => line['session'] === session && String(line['event']).startsWith('message'),
      2,
    );

    expect(holds(guardians.events, marker)).toBe(false);
    expect(holds(person.events, marker)).toBe(false);
    expect(person.events.filter((event) => event.type.startsWith('alert.'))).toEqual([]);

    const inbox = await call('GET', '/notifications', { token: family.owner.token });
    expect(inbox.body.data.notifications).toContainEqual(
      expect.objectContaining({ type: 'alert.opened', severity: 'critical', seatUid: family.seatUid }),
    );
    expect(holds(inbox.body, marker)).toBe(false);
    const deliveries = await awaitLogLines(
      'notification.dev_delivery',
      (line) => line['type'] === 'alert.opened' && line['seatUid'] === family.seatUid,
      1,
    );
    // The owner has no device: the alert goes out by e-mail only.
    expect(deliveries.map((line) => line['channel'])).toEqual(['email']);
    expect(holds(deliveries, marker)).toBe(false);

    const items = await everyItem();
    expect(items.filter((item) => holds(item, marker))).toEqual([]);

    const excerpt = await call('POST', `/alerts/${alertUid}/excerpt`, {
      token: family.owner.token,
      body: {},
    });
    expect(excerpt.status).toBe(200);
    expect(excerpt.body.data.messages).toEqual([
      {
        from: 'contact',
        sentAt: expect.any(String),
        text: `oi, me liga no [phone] ou escreve pra [email], ${marker} #risk:grooming:high`,
      },
    ]);

    // The excerpt's own read leaves no trace of it either (the audit names the alert, not the text).
    expect((await everyItem()).filter((item) => holds(item, marker))).toEqual([]);
    const log = await readFile(inject('stackLog'), 'utf8');
    expect(log.toLowerCase().includes(marker.toLowerCase())).toBe(false);

    // The person stops: the seat's key is destroyed, then its content; the alert (metadata) stays.
    expect((await asPerson('POST', `/consent-requests/${family.linkToken}/stop`)).status).toBe(200);
    const gone = await call('POST', `/alerts/${alertUid}/excerpt`, { token: family.owner.token, body: {} });
    expect([gone.status, gone.body.error?.code]).toEqual([422, 'SEAT_KEY_GONE']);
    const partition = `SEATMSG#${String(seatIdOf(items, family.seatUid))}`;
    expect(items.some((item) => item['PK'] === partition)).toBe(true);
    await eventually(
      async () => (await everyItem()).filter((item) => item['PK'] === partition),
      (left) => left.length === 0,
      'the seat’s messages and findings deleted',
    );
    const listed = await call('GET', `/accounts/${family.accountUid}/alerts`, { token: family.owner.token });
    expect(listed.body.data).toContainEqual(expect.objectContaining({ uid: alertUid, status: 'open' }));
    // Nor any other store of the stack: the table's stream, the seat keys' table, every queue and
    // dead-letter queue, the kept webhook bodies.
    expect(await copiesOf([marker], since)).toEqual([]);
    guardians.close();
    person.close();
  });
});
