/**
 * The push path from the table's stream to the relay tasks (docs/architecture.md "Live events"): each task
 * registers the topics it holds subscribers of with its private push endpoint; the stream handler
 * looks them up and tells each task which topics have news. The push is only a hint: the relay
 * always reads the events themselves from the table.
 */
export interface RelayRegistry {
  register(topic: string, taskId: string, endpoint: string): Promise<void>;
  unregister(topic: string, taskId: string): Promise<void>;
  endpoints(topic: string): Promise<{ taskId: string; endpoint: string }[]>;
}

/**
 * A topic with new events, and the oldest of their ids. The id is no content; it lets the relay see
 * at once that a transaction committed later than one it already sent (an id older than what its
 * subscribers passed) and fetch that event now, not at the next ping.
 */
export interface TopicNews {
  topic: string;
  oldestId: string;
}

export interface RelayPush {
  /** Tells the task at `endpoint` which of its topics have new events. */
  push(endpoint: string, news: readonly TopicNews[]): Promise<void>;
}
