import type { BusinessMetric } from '../../domain/metrics/business-metrics';
import type { Metrics } from '../../ports/metrics';

/** The metrics port in memory: what was counted (summed) and the last level of each metric, for tests. */
export const recordedMetrics = (): Metrics & {
  counts: Partial<Record<BusinessMetric, number>>;
  levels: Partial<Record<BusinessMetric, number>>;
} => {
  const counts: Partial<Record<BusinessMetric, number>> = {};
  const levels: Partial<Record<BusinessMetric, number>> = {};
  return {
    counts,
    levels,
    count: (metric, value = 1) => void (counts[metric] = (counts[metric] ?? 0) + value),
    level: (metric, value) => void (levels[metric] = value),
  };
};
