import { describe, expect, it } from 'vitest';
import { eventMetrics, metricsOfEvents } from '../../../shared/domain/metrics/business-metrics';

const event = (type: string, payload: Record<string, string> = {}) => ({ type, payload });

describe('the business metrics of committed events', () => {
  it.each(eventMetrics)('counts $type $status as $metric', (row) => {
    const payload: Record<string, string> = row.status === undefined ? {} : { status: row.status };
    expect(metricsOfEvents([event(row.type, payload)])).toEqual({ [row.metric]: 1 });
  });

  it('counts a pairing only at paired or degraded, not on its way there', () => {
    expect(
      metricsOfEvents([
        event('pairing.status', { status: 'challenge' }),
        event('pairing.status', { status: 'reconnecting' }),
        event('pairing.status', { status: 'paired' }),
      ]),
    ).toEqual({ PairingsPaired: 1 });
  });

  it('sums a batch, and counts nothing for the events no metric is made of', () => {
    expect(
      metricsOfEvents([
        event('alert.opened'),
        event('alert.opened'),
        event('alert.updated'),
        event('history.started'),
        event('history.failed'),
        event('history.finished'),
        event('consent.requested'),
      ]),
    ).toEqual({ AlertsOpened: 2, ImportsStarted: 1, ImportsEnded: 2 });
    expect(metricsOfEvents([])).toEqual({});
  });
});
