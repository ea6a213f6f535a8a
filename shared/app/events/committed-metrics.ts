import { businessMetrics, metricsOfEvents } from '../../domain/metrics/business-metrics';
import type { DomainEvent } from '../../domain/events/event';
import type { Metrics } from '../../ports/metrics';

/**
 * Counts the business metrics of events the table has committed (the stream handler's batch, once
 * it is handled): alerts opened, pairings paired or degraded, imports started and ended.
 */
export const countCommitted = (
  metrics: Metrics,
  events: readonly Pick<DomainEvent, 'type' | 'payload'>[],
): void => {
  const counts = metricsOfEvents(events);
  for (const metric of businessMetrics) {
    const count = counts[metric];
    if (count !== undefined) metrics.count(metric, count);
  }
};
