import type { DomainEvent } from '../events/event';

/** The CloudWatch namespace of every metric the service publishes (CDK's alarms and dashboard read it). */
export const metricsNamespace = 'FamilyProtection';
/**
 * The one `service` dimension of the business metrics, whichever function or task publishes them, so
 * a dashboard reads one series per metric.
 */
export const metricsService = 'family-protection';

/**
 * The business metrics the service publishes (namespace `FamilyProtection`, docs/operations.md): only
 * names and numbers, never an id, an address, a name or anything a person wrote.
 */
export const businessMetrics = [
  'AlertsOpened',
  'PairingsPaired',
  'PairingsDegraded',
  'ImportsStarted',
  'ImportsEnded',
  'ImportSlotsHeld',
  'ExcerptReads',
  'RelayConnections',
] as const;
export type BusinessMetric = (typeof businessMetrics)[number];

/**
 * Which committed events count toward which business metric, as data. Counting committed events
 * (not attempts) means a retried command or a transaction that lost its race counts nothing.
 */
export const eventMetrics: readonly { type: string; status?: string; metric: BusinessMetric }[] = [
  { type: 'alert.opened', metric: 'AlertsOpened' },
  { type: 'pairing.status', status: 'paired', metric: 'PairingsPaired' },
  { type: 'pairing.status', status: 'degraded', metric: 'PairingsDegraded' },
  { type: 'history.started', metric: 'ImportsStarted' },
  { type: 'history.finished', metric: 'ImportsEnded' },
  { type: 'history.failed', metric: 'ImportsEnded' },
  { type: 'history.stuck', metric: 'ImportsEnded' },
];

/** How many of each business metric a batch of committed events makes (metrics it makes none of are absent). */
export const metricsOfEvents = (
  events: readonly Pick<DomainEvent, 'type' | 'payload'>[],
): Partial<Record<BusinessMetric, number>> => {
  const counts: Partial<Record<BusinessMetric, number>> = {};
  for (const event of events)
    for (const row of eventMetrics)
      if (row.type === event.type && (row.status === undefined || row.status === event.payload['status']))
        counts[row.metric] = (counts[row.metric] ?? 0) + 1;
  return counts;
};
