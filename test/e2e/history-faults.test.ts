import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackProxy, type LoopbackProxy } from '../../localstack/simulators/loopback-proxy';
import { eventually } from '../support/eventually';
import { call } from './support/api';
import { eventsOf, protectedSeat } from './support/consent';
import { awaitLogLines } from './support/logs';
import { operator } from './support/operators';
import { linkPerson, pairingReaches, sessionOf, simulate } from './support/pairing';

/**
 * Faults of the history import queue through the real path (gateway, queues, workers, DynamoDB
 * Local, the session-provider simulator): a provider that fails, then loses the sessions, while it
 * holds every slot; a slow provider; a pairing that ends while its import runs (docs/faults.md).
 */
type Family = Awaited<ReturnType<typeof protectedSeat>>;
interface Paired {
  family: Family;
  session: string;
}

const importOf = async (family: Family) =>
  ((await call('GET', `/seats/${family.seatUid}/history-import`, { token: family.owner.token })).body.data ??
    {}) as Record<string, unknown>;

const importReaches = (family: Family, status: string, deadlineMs: number) =>
  eventually(
    () => importOf(family),
    (one) => one['status'] === status,
    `the import ${status}`,
    deadlineMs,
  );

const protectionOf = async (family: Family) =>
  (
    (await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token })).body.data as {
      protection: { state: string };
    }
  ).protection.state;

const chats = [
  {
    id: '5511911112222@c.us',
    messages: [{ body: 'oi' }, { body: 'tudo bem?' }, { body: 'até amanhã', fromMe: true }],
  },
];

/** The pairings the running test made, unlinked after it (the tier's proxy pool is a few slots). */
const made: Paired[] = [];

/** A family paired by QR, its session serving `history`; `before` runs before the person links. */
const paired = async (
  history: unknown,
  before: (session: string) => Promise<void> = async () => undefined,
): Promise<Paired> => {
  const family = await protectedSeat();
  // A provider slower than the start's budget on a busy machine answers 503: start again, as a client would.
  const started = await eventually(
    () =>
      call('POST', `/seats/${family.seatUid}/pairing`, {
        token: family.owner.token,
        body: { channel: 'chat', method: 'qr' },
      }),
    (answer) => answer.status !== 503,
    'the pairing started',
    30_000,
  );
  expect(started.status).toBe(201);
  const session = await sessionOf(family.seatUid);
  made.push({ family, session });
  await simulate(session, 'history', { chats: history });
  await before(session);
  await pairingReaches(family.owner.token, family.seatUid, 'challenge', 30_000);
  await linkPerson(family, session);
  await pairingReaches(family.owner.token, family.seatUid, 'paired', 60_000);
  return { family, session };
};

// Five pairings at once: one more proxy address than the tier's four slots, given back after.
let proxy: LoopbackProxy;
let proxyUid: string;
let ops: string;
beforeAll(async () => {
  proxy = await startLoopbackProxy();
  ops = (await operator('operator')).token;
  const added = await call('POST', '/admin/proxies', {
    token: ops,
    body: { label: `e2e-faults-${Date.now()}`, address: proxy.address, capacity: 2 },
  });
  expect(added.status).toBe(201);
  proxyUid = added.body.data.uid as string;
});
// Each test gives its pairings back: the pool has room for one test's at a time.
afterEach(async () => {
  for (const { family, session } of made.splice(0)) {
    await simulate(session, 'history/fail', {}).catch(() => undefined);
    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
  }
}, 60_000);
afterAll(async () => {
  await call('POST', `/admin/proxies/${proxyUid}/retire`, { token: ops });
  await proxy.close();
});

describe('the history queue never freezes', () => {
  it('a provider that fails, then loses the sessions, for every running import at once: they end within seconds and another family’s first import is admitted and finishes', async () => {
    // Four warm-ups hold every slot, reading a chat a second (long enough for a fifth to queue).
    const many = Array.from({ length: 120 }, (_, index) => ({
      id: `55119${String(index).padStart(8, '0')}@c.us`,
      messages: [{ body: 'oi' }],
    }));
    const running = await Promise.all(
      [1, 2, 3, 4].map(() =>
        paired(many, (session) => simulate(session, 'history/pace', { messagesPerSecond: 1 })),
      ),
    );
    for (const { family } of running) await importReaches(family, 'running', 20_000);
    const next = await paired(chats);
    expect((await importOf(next.family))['status']).toBe('waiting');

    // The provider fails their history calls: each run is tried again within seconds, with its cause.
    const seats = new Set(running.map(({ family }) => family.seatUid));
    const failedFrom = new Date().toISOString();
    for (const { session } of running) await simulate(session, 'history/fail', { status: 503 });
    const retried = await awaitLogLines<{
      seatUid: string;
      cause: string;
      attempt: number;
      timestamp: string;
    }>('history.retry', (line) => seats.has(line.seatUid) && line.timestamp >= failedFrom, 4, 30_000);
    expect(new Set(retried.map((line) => line.seatUid))).toEqual(seats);
    expect(new Set(retried.map((line) => line.cause))).toEqual(new Set(['status_503']));
    expect(retried.every((line) => !('error' in line) && line.attempt >= 1)).toBe(true);
    expect((await importOf(next.family))['status']).toBe('waiting');

    // Then it no longer has their sessions: each import ends at its next try, and the fifth runs.
    for (const { session } of running) await simulate(session, 'history/fail', { status: 404 });
    const finished = await importReaches(next.family, 'done', 45_000);
    expect(finished).toMatchObject({ progress: { chats: 1, chatsDone: 1, messages: 3 } });

    const gone = await awaitLogLines<{ seatUid: string; cause: string }>(
      'history.ended_session_gone',
      (line) => seats.has(line.seatUid),
      4,
    );
    expect(gone.map((line) => line.cause)).toEqual(Array(4).fill('session_gone'));
    for (const { family } of running) {
      expect((await importOf(family))['status']).toBe('failed');
      // The warm-up ended with it: protection goes on live.
      expect(await protectionOf(family)).not.toBe('warming_up');
      expect((await eventsOf(family.accountUid)).map((item) => item['eventType'])).toContain(
        'history.failed',
      );
    }
  }, 240_000);

  it('a provider that takes 8 s for a page is slow, not failed: the import finishes', async () => {
    const messages = Array.from({ length: 16 }, (_, index) => ({ body: `mensagem ${index}` }));
    const slow = await paired([{ id: '5511933334444@c.us', messages }], (session) =>
      simulate(session, 'history/pace', { messagesPerSecond: 2 }),
    );
    const done = await importReaches(slow.family, 'done', 60_000);
    expect(done).toMatchObject({ progress: { chats: 1, chatsDone: 1, messages: 16 } });
  }, 120_000);

  it('an import whose pairing the guardian unlinks ends at once, cancelled, and its warm-up with it', async () => {
    const messages = Array.from({ length: 16 }, (_, index) => ({ body: `mensagem ${index}` }));
    const unlinked = await paired([{ id: '5511955556666@c.us', messages }], (session) =>
      simulate(session, 'history/pace', { messagesPerSecond: 1 }),
    );
    await importReaches(unlinked.family, 'running', 15_000);
    const { family } = unlinked;
    expect(
      (await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token })).status,
    ).toBe(204);
    // Within the page the worker is still reading (16 s): the unlink itself ended it.
    const ended = await importReaches(family, 'cancelled', 5_000);
    expect(ended['finishedAt']).toEqual(expect.any(String));
    expect(await protectionOf(family)).not.toBe('warming_up');
  }, 90_000);
});
