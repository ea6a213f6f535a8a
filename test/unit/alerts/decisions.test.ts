import { describe, expect, it } from 'vitest';
import { needsYou, type Alert } from '../../../shared/domain/alerts/alert';
import { alertDecisionTable, decideAlert } from '../../../shared/domain/alerts/alert.transitions';

const now = new Date('2026-11-22T10:00:00Z');
const alert = (fields: Partial<Alert> = {}): Alert => ({
  uid: 'al_1',
  seatUid: 'st_x',
  category: 'grooming',
  severity: 'high',
  status: 'open',
  findingsCount: 1,
  firstFindingAt: '2026-11-21T08:00:00.000Z',
  lastFindingAt: '2026-11-21T08:00:00.000Z',
  createdAt: '2026-11-21T08:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  source: 'live',
  ...fields,
});

describe('deciding an alert', () => {
  it('moves only an open alert: resolve to resolved, dismiss to dismissed', () => {
    expect(alertDecisionTable.map((row) => [row.from, row.on, row.to])).toEqual([
      ['open', 'resolve', 'resolved'],
      ['open', 'dismiss', 'dismissed'],
    ]);
  });

  it.each([
    ['resolve', 'resolved', 'alert.resolved'],
    ['dismiss', 'dismissed', 'alert.dismissed'],
  ] as const)('%s records who decided and when, and yields its event', (decision, status, type) => {
    const decided = decideAlert(alert(), decision, { memberUid: 'us_guardian', now });
    expect(decided.alert).toEqual(alert({ status, decidedAt: now.toISOString(), decidedBy: 'us_guardian' }));
    expect(decided.event).toEqual({ type, payload: { alertUid: 'al_1' } });
  });

  it.each([
    ['resolved', 'resolve'],
    ['resolved', 'dismiss'],
    ['dismissed', 'resolve'],
    ['dismissed', 'dismiss'],
  ] as const)(
    'refuses a %s alert (%s) with ALERT_NOT_OPEN, 422: both outcomes are final',
    (status, decision) => {
      const decided = alert({ status, decidedAt: now.toISOString(), decidedBy: 'us_other' });
      expect(() => decideAlert(decided, decision, { memberUid: 'us_guardian', now })).toThrow(
        expect.objectContaining({ code: 'ALERT_NOT_OPEN', status: 422 }),
      );
    },
  );
});

describe('a seat that needs its guardians', () => {
  it('is one with an open alert', () => {
    expect(needsYou([alert({ status: 'resolved' }), alert()])).toBe(true);
  });

  it('is not one whose alerts were all decided, or that has none', () => {
    expect(needsYou([alert({ status: 'resolved' }), alert({ status: 'dismissed' })])).toBe(false);
    expect(needsYou([])).toBe(false);
  });
});
