import type { EventQueue, OutgoingMessage } from '../../../shared/ports/queue';

export interface FakeQueue extends EventQueue {
  sent: OutgoingMessage[];
  /** The bodies sent, parsed. */
  bodies(): unknown[];
}

/** A queue that keeps what it is sent. */
export const fakeQueue = (): FakeQueue => {
  const sent: OutgoingMessage[] = [];
  return {
    sent,
    send: async (messages) => {
      sent.push(...messages);
    },
    bodies: () => sent.map((message) => JSON.parse(message.body) as unknown),
  };
};
