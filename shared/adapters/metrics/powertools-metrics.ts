import { Metrics as PowertoolsMetrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricsNamespace, metricsService } from '../../domain/metrics/business-metrics';
import type { Metrics } from '../../ports/metrics';

export { metricsService };

/**
 * One store per process: written to standard output as CloudWatch embedded metric format (EMF) lines
 * when published, which CloudWatch Logs turns into metrics. Its only dimension is the service.
 */
export const serviceMetrics = new PowertoolsMetrics({
  namespace: metricsNamespace,
  serviceName: metricsService,
});

/** The metrics port on a Powertools store: published by whoever owns the store (the Lambda middleware, the relay's timer). */
export const powertoolsMetrics = (store: PowertoolsMetrics = serviceMetrics): Metrics => ({
  count: (metric, value = 1) => store.addMetric(metric, MetricUnit.Count, value),
  level: (metric, value) => store.addMetric(metric, MetricUnit.Count, value),
});

/** Publishes what the store holds, and nothing (not even a warning) when it holds nothing. */
export const publishMetrics = (store: PowertoolsMetrics = serviceMetrics): void => {
  if (store.hasStoredMetrics()) store.publishStoredMetrics();
};
