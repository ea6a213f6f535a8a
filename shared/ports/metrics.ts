import type { BusinessMetric } from '../domain/metrics/business-metrics';

export type { BusinessMetric };

/** Where a use case or a handler reports what happened; the adapter decides when it is published. */
export interface Metrics {
  /** `value` more of `metric` (a count, summed per period). */
  count(metric: BusinessMetric, value?: number): void;
  /** The current level of `metric` (a gauge, such as the connections a relay task holds). */
  level(metric: BusinessMetric, value: number): void;
}
