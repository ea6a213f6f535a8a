import { describe, expect, it } from 'vitest';
import { isTimelineEvent, timelinePlaceOf } from '../../../shared/domain/operators/timeline';

describe('a seat’s backoffice timeline', () => {
  it('holds consent, pairing, import and subscription events, nothing else', () => {
    for (const type of [
      'consent.requested',
      'pairing.status',
      'provider.failed',
      'history.offered',
      'subscription.opened',
      'trial.ending',
    ])
      expect(isTimelineEvent(type), type).toBe(true);
    for (const type of ['alert.opened', 'seat.state_changed', 'member.added', 'account.created'])
      expect(isTimelineEvent(type), type).toBe(false);
  });

  it('orders by instant, then source, then id', () => {
    expect(timelinePlaceOf({ occurredAt: '2026-11-24T10:00:00.000Z', source: 'api', id: '01K' })).toBe(
      '2026-11-24T10:00:00.000Z#api#01K',
    );
  });
});
