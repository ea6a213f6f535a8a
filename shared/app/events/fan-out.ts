import { topicKey, topicsOf } from '../../domain/events/streams';
import type { DomainEvent } from '../../domain/events/event';
import type { RelayPush, RelayRegistry } from '../../ports/relay';

/**
 * The stream handler's use case: the events just committed wake the relay tasks that hold
 * subscribers of their account or seat, and only those; each task hears once per batch with every
 * topic it holds. A task that cannot be reached is reported, not retried: the table heals it.
 */
export const fanOut = async (
  deps: { registry: RelayRegistry; push: RelayPush },
  events: readonly Pick<DomainEvent, 'accountId' | 'seatId'>[],
): Promise<{ pushed: number; unreachable: string[] }> => {
  const topics = [...new Set(events.flatMap((event) => topicsOf(event).map(topicKey)))];
  const byEndpoint = new Map<string, Set<string>>();
  for (const topic of topics) {
    for (const { endpoint } of await deps.registry.endpoints(topic)) {
      const held = byEndpoint.get(endpoint) ?? new Set<string>();
      held.add(topic);
      byEndpoint.set(endpoint, held);
    }
  }
  const results = await Promise.allSettled(
    [...byEndpoint].map(([endpoint, held]) => deps.push.push(endpoint, [...held])),
  );
  const endpoints = [...byEndpoint.keys()];
  return {
    pushed: results.filter((result) => result.status === 'fulfilled').length,
    unreachable: endpoints.filter((_, index) => results[index]?.status === 'rejected'),
  };
};
