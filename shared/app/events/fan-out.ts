import { topicKey, topicsOf } from '../../domain/events/streams';
import type { DomainEvent } from '../../domain/events/event';
import type { RelayPush, RelayRegistry, TopicNews } from '../../ports/relay';

/**
 * The stream handler's use case: the events just committed wake the relay tasks that hold
 * subscribers of their account or seat, and only those; each task hears once per batch with every
 * topic it holds and the oldest new id of each. A task that cannot be reached is reported, not
 * retried: the table heals it.
 */
export const fanOut = async (
  deps: { registry: RelayRegistry; push: RelayPush },
  events: readonly Pick<DomainEvent, 'id' | 'accountId' | 'seatId' | 'audience'>[],
): Promise<{ pushed: number; unreachable: string[] }> => {
  const oldest = new Map<string, string>();
  for (const event of events) {
    for (const topic of topicsOf(event).map(topicKey)) {
      const known = oldest.get(topic);
      if (known === undefined || event.id < known) oldest.set(topic, event.id);
    }
  }
  const holders = await Promise.all([...oldest.keys()].map((topic) => deps.registry.endpoints(topic)));
  const byEndpoint = new Map<string, TopicNews[]>();
  [...oldest].forEach(([topic, oldestId], index) => {
    for (const { endpoint } of holders[index] ?? []) {
      byEndpoint.set(endpoint, [...(byEndpoint.get(endpoint) ?? []), { topic, oldestId }]);
    }
  });
  const results = await Promise.allSettled(
    [...byEndpoint].map(([endpoint, news]) => deps.push.push(endpoint, news)),
  );
  const endpoints = [...byEndpoint.keys()];
  return {
    pushed: results.filter((result) => result.status === 'fulfilled').length,
    unreachable: endpoints.filter((_, index) => results[index]?.status === 'rejected'),
  };
};
