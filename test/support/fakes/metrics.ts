import type { BusinessMetric, Metrics } from '../../../shared/ports/metrics';

/** The counts and levels reported, by metric. */
export const fakeMetrics = (): Metrics & {
  counts: Map<BusinessMetric, number>;
  levels: Map<BusinessMetric, number>;
} => {
  const counts = new Map<BusinessMetric, number>();
  const levels = new Map<BusinessMetric, number>();
  return {
    counts,
    levels,
    count: (metric, value = 1) => {
      counts.set(metric, (counts.get(metric) ?? 0) + value);
    },
    level: (metric, value) => {
      levels.set(metric, value);
    },
  };
};
