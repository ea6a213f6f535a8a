import { toClientEvent, type DomainEvent } from '../../shared/domain/events/event';
import { belongsTo, topicKey, type StreamTopic } from '../../shared/domain/events/streams';
import type { EventLog } from '../../shared/ports/event-log';
import type { RelayRegistry } from '../../shared/ports/relay';

/** One open SSE response: where it stands in its topic and how to write to it. */
export interface Subscriber {
  readonly topic: StreamTopic;
  /** The id of the last event this connection received (or skipped, for a person's filtered stream). */
  lastId: string | null;
  write(frame: string): void;
  end(): void;
}

interface Topic {
  topic: StreamTopic;
  subscribers: Set<Subscriber>;
  reading: Promise<void> | null;
  again: boolean;
}

const PAGE = 100;

export const eventFrame = (event: DomainEvent): string =>
  `id: ${event.id}\nevent: event\ndata: ${JSON.stringify(toClientEvent(event))}\n\n`;
export const pingFrame = 'event: ping\ndata: {}\n\n';
/** Sent before closing on shutdown: reconnect soon (to another task) with `Last-Event-ID`. */
export const retryFrame = 'retry: 1000\n\n';

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
  onError?: (error: unknown) => void;
}) => {
  const topics = new Map<string, Topic>();
  const report = options.onError ?? (() => undefined);

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
      for (const event of page) {
        for (const sub of entry.subscribers) {
          if (sub.lastId !== null && event.id <= sub.lastId) continue;
          if (belongsTo(sub.topic, event)) sub.write(eventFrame(event));
          sub.lastId = event.id;
        }
      }
      if (page.length < PAGE) return;
      from = page.at(-1)?.id ?? from;
    }
  };

  /** Reads a topic now, or once more right after the read in progress. */
  const wake = (key: string): Promise<void> => {
    const entry = topics.get(key);
    if (entry === undefined) return Promise.resolve();
    if (entry.reading !== null) {
      entry.again = true;
      return entry.reading;
    }
    entry.reading = (async () => {
      try {
        do {
          entry.again = false;
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
        entry = { topic: sub.topic, subscribers: new Set(), reading: null, again: false };
        topics.set(key, entry);
        await options.registry.register(key, options.taskId, options.endpoint);
      }
      entry.subscribers.add(sub);
      await wake(key);
    },

    async unsubscribe(sub: Subscriber): Promise<void> {
      const key = topicKey(sub.topic);
      const entry = topics.get(key);
      if (entry === undefined) return;
      entry.subscribers.delete(sub);
      if (entry.subscribers.size === 0) {
        topics.delete(key);
        await options.registry.unregister(key, options.taskId).catch(report);
      }
    },

    wake,

    /** The keep-alive of every connection, and a read of every topic: a missed push heals here. */
    async tick(): Promise<void> {
      for (const entry of topics.values()) for (const sub of entry.subscribers) sub.write(pingFrame);
      await Promise.all([...topics.keys()].map((key) => wake(key)));
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
      for (const entry of topics.values())
        for (const sub of entry.subscribers) {
          sub.write(retryFrame);
          sub.end();
        }
      topics.clear();
      await Promise.all(keys.map((key) => options.registry.unregister(key, options.taskId).catch(report)));
    },

    connections: (): number => [...topics.values()].reduce((sum, entry) => sum + entry.subscribers.size, 0),
  };
};

export type Hub = ReturnType<typeof createHub>;
