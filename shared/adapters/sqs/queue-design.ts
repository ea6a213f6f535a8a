/**
 * The queues between the gateway and the workers, read by CDK (infra/stacks/stateful.stack.ts) and
 * the local stack (localstack/queues.ts) so both build the same ones. Session events keep their
 * order per session (FIFO, grouped by session, de-duplicated by the provider's event id); business
 * events are independent (standard). A message that keeps failing lands in its dead-letter queue.
 */
export const queueDesign = {
  sessionEvents: { name: 'session-events.fifo', fifo: true, deadLetter: 'session-events-dlq.fifo' },
  businessEvents: { name: 'business-events', fifo: false, deadLetter: 'business-events-dlq' },
} as const;

export const queueSettings = { maxReceiveCount: 5, visibilityTimeoutSeconds: 60, retentionDays: 14 } as const;

export type QueueName = keyof typeof queueDesign;
