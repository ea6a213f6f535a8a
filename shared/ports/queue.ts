/** A queue: the gateway hands it verified events, the API work for a worker. */
export interface OutgoingMessage {
  body: string;
  /** FIFO only: messages of one group are delivered in order. */
  groupId?: string;
  /** FIFO only: a second message with the same id within five minutes is dropped. */
  deduplicationId?: string;
  /** Standard queues only: how long the message stays invisible after it is sent (at most 900). */
  delaySeconds?: number;
}

export interface EventQueue {
  send(messages: readonly OutgoingMessage[]): Promise<void>;
}
