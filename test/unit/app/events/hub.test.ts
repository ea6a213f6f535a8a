import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createHub, type Subscriber } from '../../../../shared/app/events/hub';
import type { DomainEvent } from '../../../../shared/domain/events/event';
import type { StreamTopic } from '../../../../shared/domain/events/streams';
import type { EventLog } from '../../../../shared/ports/event-log';
import type { RelayRegistry } from '../../../../shared/ports/relay';

/** A small seeded generator: every run of the property test is reproducible from its seed. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const memoryLog = () => {
  const events: DomainEvent[] = [];
  const log: EventLog = {
    async after(accountId, afterId, limit) {
      return events
        .filter((event) => event.accountId === accountId && (afterId === null || event.id > afterId))
        .slice(0, limit);
    },
    async latestId(accountId) {
      return events.filter((event) => event.accountId === accountId).at(-1)?.id ?? null;
    },
  };
  return { events, log };
};
const registry: RelayRegistry = {
  register: async () => undefined,
  unregister: async () => undefined,
  endpoints: async () => [],
};

const ulidAt = (ms: number) => ulid(ms);
const idOf = (n: number) => String(n).padStart(26, '0');
const eventOf = (n: number, seatId: string | null = 'seat-1', type = 'pairing.status'): DomainEvent => ({
  id: idOf(n),
  type,
  accountId: 'acc',
  seatId,
  seatUid: seatId === null ? null : 'st_x',
  source: 'workers',
  payload: {},
  occurredAt: '2026-11-22T10:00:00.000Z',
});

/**
 * A connection: the ids of the events it received, the position given with each (where it resumes),
 * its pings, and how it ended (told to reconnect or not).
 */
const connection = (
  topic: StreamTopic,
  lastId: string | null,
  holder: Partial<Pick<Subscriber, 'userUid' | 'openedAt' | 'endsAt'>> = {},
) => {
  const received: string[] = [];
  const positions: string[] = [];
  const state = { pings: 0, ended: null as null | { reconnect: boolean } };
  const sub: Subscriber = {
    topic,
    userUid: null,
    openedAt: 0,
    endsAt: Number.POSITIVE_INFINITY,
    ...holder,
    since: lastId,
    lastId,
    send: (event, position) => {
      received.push(event.id);
      positions.push(position);
    },
    ping: () => void (state.pings += 1),
    end: (reconnect) => void (state.ended = { reconnect }),
  };
  return { sub, received, positions, pings: () => state.pings, ended: () => state.ended };
};

/** A hub that holds events back 100 ms, on a clock the test moves. */
const settledHub = (eventLog: EventLog, now: () => number) =>
  createHub({ eventLog, registry, taskId: 't', endpoint: 'e', settleMs: 100, now });

/** A client that received `first`; then `late`, with an older id, commits. */
const lateCommit = async (start: number) => {
  const { events, log } = memoryLog();
  const clock = { now: start };
  const hub = settledHub(log, () => clock.now);
  const client = connection({ kind: 'account', accountId: 'acc' }, null);
  await hub.subscribe(client.sub);
  const late = { ...eventOf(0), id: ulidAt(start - 500) };
  const first = { ...eventOf(0), id: ulidAt(start - 300) };
  events.push(first);
  await hub.wake('account:acc', first.id);
  events.splice(0, 0, late);
  // A push that does not name it (a plain wake) cannot see it.
  await hub.wake('account:acc');
  expect(client.received).toEqual([first.id]);
  return { clock, hub, client, late, first };
};

describe('the relay hub', () => {
  it('delivers every event exactly once per connection, in id order, whatever pushes are lost and whoever reconnects', async () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      const { events, log } = memoryLog();
      const hub = createHub({ eventLog: log, registry, taskId: 't', endpoint: 'e' });
      const topic: StreamTopic = { kind: 'account', accountId: 'acc' };
      // Each client: the ids it received over all its connections, resuming from its last id.
      const clients = [0, 1, 2].map(() => ({ current: connection(topic, null), seen: [] as string[] }));
      for (const client of clients) await hub.subscribe(client.current.sub);
      let written = 0;
      for (let step = 0; step < 60; step += 1) {
        const roll = next();
        if (roll < 0.5) {
          events.push(eventOf(++written));
          // Most pushes arrive; some are dropped, some duplicated.
          if (next() < 0.7) void hub.wake('account:acc');
          if (next() < 0.1) void hub.wake('account:acc');
        } else if (roll < 0.65) {
          const client = clients[Math.floor(next() * clients.length)]!;
          await hub.unsubscribe(client.current.sub);
          client.seen.push(...client.current.received);
          client.current = connection(topic, client.current.positions.at(-1) ?? client.seen.at(-1) ?? null);
          await hub.subscribe(client.current.sub);
        } else if (roll < 0.8) {
          await hub.tick();
        }
      }
      await hub.tick();
      const all = events.map((event) => event.id);
      for (const client of clients) {
        expect([...client.seen, ...client.current.received], `seed ${seed}`).toEqual(all);
      }
    }
  });

  it('with commits landing late and pushes lost, still gives each open connection every event exactly once', async () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      const { events, log } = memoryLog();
      const clock = { now: 10_000_000 };
      const hub = settledHub(log, () => clock.now);
      const clients = [0, 1, 2].map(() => connection({ kind: 'account', accountId: 'acc' }, null));
      for (const client of clients) await hub.subscribe(client.sub);
      for (let step = 0; step < 80; step += 1) {
        clock.now += 40;
        const roll = next();
        if (roll < 0.5) {
          // Most commits are prompt; some land up to 3 s after their id was made.
          const age = next() < 0.8 ? 5 : 150 + Math.floor(next() * 3_000);
          const event = { ...eventOf(0), id: ulidAt(clock.now - age) };
          const at = events.findIndex((known) => known.id > event.id);
          events.splice(at === -1 ? events.length : at, 0, event);
          if (next() < 0.7) await hub.wake('account:acc', event.id);
        } else if (roll < 0.7) {
          await hub.tick();
        }
      }
      clock.now += 1_000;
      await hub.tick();
      const all = events.map((event) => event.id);
      for (const client of clients) {
        expect([...client.received].sort(), `seed ${seed}`).toEqual(all);
      }
    }
  });

  it('gives a late event the position already reached, so resuming after it repeats nothing', async () => {
    const { hub, client, late, first } = await lateCommit(6_000_000);
    await hub.wake('account:acc', late.id);
    expect(client.received).toEqual([first.id, late.id]);
    expect(client.positions).toEqual([first.id, first.id]);
    await hub.unsubscribe(client.sub);
    const resumed = connection({ kind: 'account', accountId: 'acc' }, client.positions.at(-1) ?? null);
    await hub.subscribe(resumed.sub);
    await hub.tick();
    expect(resumed.received).toEqual([]);
  });

  it('gives a person’s stream only its seat’s pairing, consent and state events', async () => {
    const { events, log } = memoryLog();
    const hub = createHub({ eventLog: log, registry, taskId: 't', endpoint: 'e' });
    const person = connection({ kind: 'seat', accountId: 'acc', seatId: 'seat-1' }, null);
    await hub.subscribe(person.sub);
    events.push(
      eventOf(1),
      eventOf(2, 'seat-2'),
      eventOf(3, null, 'member.invited'),
      eventOf(4, 'seat-1', 'seat.created'),
      eventOf(5, 'seat-1', 'consent.given'),
      eventOf(6, 'seat-1', 'seat.state_changed'),
    );
    await hub.wake('seat:acc:seat-1');
    expect(person.received).toEqual([idOf(1), idOf(5), idOf(6)]);
  });

  it('holds back an event younger than the settle window, so one committing later with an older id is not skipped', async () => {
    const { events, log } = memoryLog();
    let clock = 1_000_000;
    const hub = settledHub(log, () => clock);
    const client = connection({ kind: 'account', accountId: 'acc' }, null);
    await hub.subscribe(client.sub);
    const younger = { ...eventOf(0), id: ulidAt(clock - 10) };
    events.push(younger);
    await hub.wake('account:acc');
    expect(client.received).toEqual([]);
    // An older id commits after the younger one was written: it is still delivered first.
    const older = { ...eventOf(0), id: ulidAt(clock - 50) };
    events.splice(0, 0, older);
    clock += 200;
    await hub.wake('account:acc');
    expect(client.received).toEqual([older.id, younger.id]);
  });

  it('still delivers, at the next look back, an event whose transaction committed later than the settle window', async () => {
    const { clock, hub, client, late, first } = await lateCommit(2_000_000);
    clock.now += 1_000;
    await hub.tick();
    expect(client.received).toEqual([first.id, late.id]);
    await hub.tick();
    expect(client.received).toEqual([first.id, late.id]);
  });

  it('delivers a late commit as soon as the push naming its id arrives, without waiting for the ping', async () => {
    const { hub, client, late, first } = await lateCommit(4_000_000);
    await hub.wake('account:acc', late.id);
    expect(client.received).toEqual([first.id, late.id]);
    // Repeated pushes and the next ping send nothing twice.
    await hub.wake('account:acc', late.id);
    await hub.tick();
    expect(client.received).toEqual([first.id, late.id]);
  });

  it('looks back no further than the ids it remembers, so a push naming an old id repeats nothing', async () => {
    const { events, log } = memoryLog();
    const clock = { now: 5_000_000 };
    const hub = settledHub(log, () => clock.now);
    const client = connection({ kind: 'account', accountId: 'acc' }, null);
    await hub.subscribe(client.sub);
    const sent = [ulidAt(clock.now - 1_000), ulidAt(clock.now - 900)];
    events.push(...sent.map((id) => ({ ...eventOf(0), id })));
    await hub.wake('account:acc', sent[0]);
    expect(client.received).toEqual(sent);
    // A minute on, a new event makes the hub forget the old ids; then a push names one from before.
    clock.now += 60_000;
    const fresh = { ...eventOf(0), id: ulidAt(clock.now - 500) };
    events.push(fresh);
    await hub.wake('account:acc', fresh.id);
    await hub.wake('account:acc', ulidAt(clock.now - 61_500));
    expect(client.received).toEqual([...sent, fresh.id]);
  });

  it('never sends what came before a live connection opened, even on the look back', async () => {
    const { events, log } = memoryLog();
    const clock = 3_000_000;
    const hub = settledHub(log, () => clock);
    const history = [ulidAt(clock - 3_000), ulidAt(clock - 2_000), ulidAt(clock - 1_000)];
    events.push(...history.map((id) => ({ ...eventOf(0), id })));
    const live = connection({ kind: 'account', accountId: 'acc' }, history[2] ?? null);
    await hub.subscribe(live.sub);
    await hub.tick();
    expect(live.received).toEqual([]);
    const next = { ...eventOf(0), id: ulidAt(clock - 500) };
    events.push(next);
    await hub.tick();
    expect(live.received).toEqual([next.id]);
  });

  it('tells every client to reconnect and leaves the registry on shutdown', async () => {
    const { log } = memoryLog();
    const left: string[] = [];
    const hub = createHub({
      eventLog: log,
      registry: { ...registry, unregister: async (topic) => void left.push(topic) },
      taskId: 't',
      endpoint: 'e',
    });
    const client = connection({ kind: 'account', accountId: 'acc' }, null, { userUid: 'usr_1' });
    await hub.subscribe(client.sub);
    await hub.shutdown();
    expect(client.ended()).toEqual({ reconnect: true });
    expect(left).toEqual(['account:acc']);
  });

  it('ends a removed member’s streams right after their removal, while the family’s other streams go on', async () => {
    const { events, log } = memoryLog();
    const left: string[] = [];
    const hub = createHub({
      eventLog: log,
      registry: { ...registry, unregister: async (topic) => void left.push(topic) },
      taskId: 't',
      endpoint: 'e',
    });
    const topic: StreamTopic = { kind: 'account', accountId: 'acc' };
    const opened = Date.parse('2026-11-22T10:00:00.000Z');
    const owner = connection(topic, null, { userUid: 'usr_owner', openedAt: opened });
    const removed = connection(topic, null, { userUid: 'usr_2', openedAt: opened });
    const removedElsewhere = connection(topic, null, { userUid: 'usr_2', openedAt: opened });
    for (const client of [owner, removed, removedElsewhere]) await hub.subscribe(client.sub);
    events.push(
      { ...eventOf(1, null, 'member.removed'), payload: { memberUid: 'usr_3' } },
      { ...eventOf(2, null, 'member.removed'), payload: { memberUid: 'usr_2' } },
      eventOf(3, null, 'member.invited'),
    );
    await hub.wake('account:acc');
    expect(removed.received).toEqual([idOf(1), idOf(2)]);
    // Not asked back: the ticket it would need is refused.
    expect(removed.ended()).toEqual({ reconnect: false });
    expect(removedElsewhere.ended()).toEqual({ reconnect: false });
    expect(owner.ended()).toBeNull();
    expect(owner.received).toEqual([idOf(1), idOf(2), idOf(3)]);
    expect(hub.connections()).toBe(1);
    // The connection's own close later changes nothing more.
    await hub.unsubscribe(removed.sub);
    expect(hub.connections()).toBe(1);
    expect(left).toEqual([]);
  });

  it('does not end a stream on a removal from before it opened (the user joined again since)', async () => {
    const { events, log } = memoryLog();
    const hub = createHub({ eventLog: log, registry, taskId: 't', endpoint: 'e' });
    events.push({
      ...eventOf(1, null, 'member.removed'),
      payload: { memberUid: 'usr_2' },
      occurredAt: '2026-11-20T10:00:00.000Z',
    });
    const replay = connection({ kind: 'account', accountId: 'acc' }, null, {
      userUid: 'usr_2',
      openedAt: Date.parse('2026-11-22T10:00:00.000Z'),
    });
    await hub.subscribe(replay.sub);
    expect(replay.received).toEqual([idOf(1)]);
    expect(replay.ended()).toBeNull();
  });

  it('at the ping, tells a stream past its lifetime to reconnect and ends it; the others get their ping', async () => {
    const { log } = memoryLog();
    const clock = { now: 10_000 };
    const hub = createHub({ eventLog: log, registry, taskId: 't', endpoint: 'e', now: () => clock.now });
    const topic: StreamTopic = { kind: 'account', accountId: 'acc' };
    const old = connection(topic, null, { endsAt: 12_000 });
    const young = connection(topic, null, { endsAt: 20_000 });
    const person = connection({ kind: 'seat', accountId: 'acc', seatId: 'seat-1' }, null, { endsAt: 11_000 });
    for (const client of [old, young, person]) await hub.subscribe(client.sub);
    await hub.tick();
    expect([old, young, person].map((client) => client.ended())).toEqual([null, null, null]);
    expect([old, young, person].map((client) => client.pings())).toEqual([1, 1, 1]);
    clock.now = 12_000;
    await hub.tick();
    expect([old.ended(), person.ended(), young.ended()]).toEqual([
      { reconnect: true },
      { reconnect: true },
      null,
    ]);
    expect([old, young, person].map((client) => client.pings())).toEqual([1, 2, 1]);
    expect(hub.connections()).toBe(1);
  });
});
