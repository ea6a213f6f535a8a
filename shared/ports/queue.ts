/** A queue the gateway hands verified events to. */
export interface OutgoingMessage {
  body: string;
  /** FIFO only: messages of one group are delivered in order. */
  groupId?: string;
  /** FIFO only: a second message with the same id within five minutes is dropped. */
  deduplicationId?: string;
}

export interface EventQueue {
  send(messages: readonly OutgoingMessage[]): Promise<void>;
}
