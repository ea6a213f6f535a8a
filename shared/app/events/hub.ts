import { decodeTime, encodeTime } from 'ulid';
import type { DomainEvent } from '../../domain/events/event';
import {
  belongsTo,
  endsStream,
  topicKey,
  type StreamHolder,
  type StreamTopic,
} from '../../domain/events/streams';
import type { EventLog } from '../../ports/event-log';
import type { RelayRegistry } from '../../ports/relay';

/**
 * One open stream as the hub drives it: whose it is, where it stands in its topic, and what it can
 * be told. How that reaches the client (SSE frames on a socket) is the relay's.
 */
export interface Subscriber extends Readonly<StreamHolder> {
  /** When the stream ends so its client reconnects (with a new ticket); ms, as the hub's clock. */
  readonly endsAt: number;
  /** Where the connection started (its `Last-Event-ID`, or the newest event when it opened). */
  readonly since: string | null;
  /** The id of the last event this connection received (or skipped, for a person's filtered stream). */
  lastId: string | null;
  /**
   * One event, and where the client resumes after it (its `Last-Event-ID`): the event's own id,
   * except for a late event, which carries the position the stream already reached so that
   * resuming after it repeats nothing.
   */
  send(event: DomainEvent, position: string): void;
  /** The keep-alive. */
  ping(): void;
  /** Ends the stream; with `reconnect`, the client is asked to come back soon with its `Last-Event-ID`. */
  end(reconnect: boolean): void;
}

interface Topic {
  topic: StreamTopic;
  subscribers: Set<Subscriber>;
  /** Ids this topic passed recently (with their time): what a late commit is checked against. */
  seen: Map<string, number>;
  reading: Promise<void> | null;
  again: boolean;
  /** The oldest id that may have committed after later ones were sent: where the next look back starts. */
  lateSince: string | null;
}

const PAGE = 100;

/**
 * The relay's subscribers, grouped by topic. The table is the truth: whatever wakes a topic (a push
 * from the stream handler, a new subscriber, the periodic ping) makes one read of the events after
 * the furthest-behind subscriber, and each subscriber receives, in id order, exactly the events
 * after its own position. A push that never came is healed at the next read; reads of one topic
 * never overlap, so nothing is sent twice.
 */
export const createHub = (options: {
  eventLog: EventLog;
  registry: RelayRegistry;
  taskId: string;
  endpoint: string;
  /**
   * How old an event's id must be before it is sent. Ids are made just before their transaction
   * commits, so a younger one may still be overtaken by an older one committing later; waiting this
   * long keeps every stream in id order with no gap.
   */
  settleMs?: number;
  /** How far back the periodic read looks for a transaction that committed later than the settle window. */
  lateWindowMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}) => {
  const settleMs = options.settleMs ?? 0;
  const lateWindowMs = options.lateWindowMs ?? 10_000;
  const now = options.now ?? Date.now;
  const topics = new Map<string, Topic>();
  const report = options.onError ?? (() => undefined);

  const remember = (entry: Topic, event: DomainEvent) => {
    entry.seen.set(event.id, decodeTime(event.id));
    const horizon = now() - lateWindowMs - settleMs;
    for (const [id, at] of entry.seen) {
      if (at >= horizon) break;
      entry.seen.delete(id);
    }
  };

  /** The oldest id the periodic look back checks. */
  const windowStart = () => `${encodeTime(Math.max(0, now() - lateWindowMs), 10)}${'0'.repeat(16)}`;

  /** A stream the hub itself ends: its client is gone from the topic at once. */
  const end = (sub: Subscriber, reconnect: boolean) => {
    sub.end(reconnect);
    void leave(sub);
  };

  /** One event to one subscriber; a stream whose user left the family ends right after it. */
  const deliver = (sub: Subscriber, event: DomainEvent, position: string) => {
    if (!belongsTo(sub.topic, event)) return;
    sub.send(event, position);
    // No invitation to come back: the new ticket it would need is refused.
    if (endsStream(sub, event)) end(sub, false);
  };

  const leave = async (sub: Subscriber): Promise<void> => {
    const key = topicKey(sub.topic);
    const entry = topics.get(key);
    // Only once: the hub may have ended the stream before its connection closed.
    if (entry === undefined || !entry.subscribers.delete(sub)) return;
    if (entry.subscribers.size === 0) {
      topics.delete(key);
      await options.registry.unregister(key, options.taskId).catch(report);
    }
  };

  /**
   * The look back: an event whose transaction committed after a later one was sent (its id older
   * than what the subscribers passed) is sent now rather than lost. A push names the oldest new id,
   * so such an event goes out as soon as its commit is pushed; the ping's look back covers a lost
   * push. Rare, and the only case where a stream is not in id order.
   */
  const readLate = async (entry: Topic, named: string) => {
    // Never further back than the ids `seen` still holds: what is older could be sent twice.
    const oldest = windowStart();
    const since = named < oldest ? oldest : named;
    const subscribers = [...entry.subscribers];
    if (!subscribers.some((sub) => sub.lastId !== null && sub.lastId >= since)) return;
    // From the millisecond before `since`: every id of its millisecond is read.
    const floor = `${encodeTime(Math.max(0, decodeTime(since) - 1), 10)}${'Z'.repeat(16)}`;
    for (let from: string | null = floor; ;) {
      const page = await options.eventLog.after(entry.topic.accountId, from, PAGE);
      for (const event of page) {
        if (entry.seen.has(event.id)) continue;
        // Late only for connections that started before it and have gone past it.
        const passed = [...entry.subscribers].filter(
          (sub) =>
            sub.lastId !== null && event.id <= sub.lastId && (sub.since === null || event.id > sub.since),
        );
        if (passed.length === 0) continue;
        for (const sub of passed) deliver(sub, event, sub.lastId ?? event.id);
        remember(entry, event);
      }
      if (page.length < PAGE) return;
      from = page.at(-1)?.id ?? null;
    }
  };

  const read = async (entry: Topic) => {
    const subscribers = [...entry.subscribers];
    if (subscribers.length === 0) return;
    // The furthest behind decides where the read starts; null means from the first event.
    let from: string | null = subscribers.reduce<string | null>(
      (min, sub) => (sub.lastId === null || (min !== null && sub.lastId < min) ? sub.lastId : min),
      subscribers[0]?.lastId ?? null,
    );
    for (;;) {
      const page = await options.eventLog.after(entry.topic.accountId, from, PAGE);
      const settled = now() - settleMs;
      for (const event of page) {
        const age = decodeTime(event.id);
        if (age > settled) {
          // Not settled yet: read again once it is.
          setTimeout(() => void wake(topicKey(entry.topic)), age - settled + 1).unref?.();
          return;
        }
        for (const sub of entry.subscribers) {
          if (sub.lastId !== null && event.id <= sub.lastId) continue;
          sub.lastId = event.id;
          deliver(sub, event, event.id);
        }
        remember(entry, event);
      }
      if (page.length < PAGE) return;
      from = page.at(-1)?.id ?? from;
    }
  };

  /**
   * Reads a topic now, or once more right after the read in progress. With `lateSince` (the oldest
   * id a push named, or the ping's window), events from that id on that subscribers have already
   * passed are looked for first.
   */
  const wake = (key: string, lateSince?: string): Promise<void> => {
    const entry = topics.get(key);
    if (entry === undefined) return Promise.resolve();
    if (lateSince !== undefined && (entry.lateSince === null || lateSince < entry.lateSince)) {
      entry.lateSince = lateSince;
    }
    if (entry.reading !== null) {
      entry.again = true;
      return entry.reading;
    }
    entry.reading = (async () => {
      try {
        do {
          entry.again = false;
          const since = entry.lateSince;
          if (since !== null) {
            entry.lateSince = null;
            await readLate(entry, since);
          }
          await read(entry);
        } while (entry.again);
      } catch (error) {
        report(error);
      } finally {
        entry.reading = null;
      }
    })();
    return entry.reading;
  };

  return {
    async subscribe(sub: Subscriber): Promise<void> {
      const key = topicKey(sub.topic);
      let entry = topics.get(key);
      if (entry === undefined) {
        entry = {
          topic: sub.topic,
          subscribers: new Set(),
          seen: new Map(),
          reading: null,
          again: false,
          lateSince: null,
        };
        topics.set(key, entry);
        await options.registry.register(key, options.taskId, options.endpoint);
      }
      entry.subscribers.add(sub);
      await wake(key);
    },

    unsubscribe: leave,

    wake,

    /**
     * The keep-alive of every connection, the end of those past their lifetime (told to reconnect),
     * and a read of every topic: a missed push heals here.
     */
    async tick(): Promise<void> {
      const at = now();
      for (const entry of topics.values())
        for (const sub of entry.subscribers) {
          if (sub.endsAt <= at) end(sub, true);
          else sub.ping();
        }
      const since = windowStart();
      await Promise.all([...topics.keys()].map((key) => wake(key, since)));
    },

    /** Keeps this task's registrations alive (they expire if the task dies). */
    async refreshRegistrations(): Promise<void> {
      await Promise.all(
        [...topics.keys()].map((key) => options.registry.register(key, options.taskId, options.endpoint)),
      );
    },

    /** SIGTERM: every client is told to reconnect, and this task leaves the registry. */
    async shutdown(): Promise<void> {
      const keys = [...topics.keys()];
      for (const entry of topics.values()) for (const sub of entry.subscribers) sub.end(true);
      topics.clear();
      await Promise.all(keys.map((key) => options.registry.unregister(key, options.taskId).catch(report)));
    },

    connections: (): number => [...topics.values()].reduce((sum, entry) => sum + entry.subscribers.size, 0),
  };
};

export type Hub = ReturnType<typeof createHub>;
