import { describe, expect, it } from 'vitest';
import {
  inboxPage,
  isCritical,
  newNotification,
  notificationCatalog,
} from '../../../shared/domain/notifications/notification';

const now = new Date('2026-11-22T10:00:00Z');
const many = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    newNotification({
      id: `01J${String(i).padStart(4, '0')}`,
      type: 'pairing.reconnect_required',
      seatUid: 'st_x',
      now,
    }),
  );

describe('notifications', () => {
  it('are critical for a disconnection and a wrong number', () => {
    expect(isCritical('pairing.disconnected')).toBe(true);
    expect(isCritical('pairing.identity_mismatch')).toBe(true);
    expect(isCritical('pairing.reconnect_required')).toBe(false);
    expect(newNotification({ id: '01', type: 'pairing.disconnected', seatUid: 'st_x', now })).toMatchObject({
      severity: 'critical',
      readAt: null,
    });
  });

  it('tell of alerts: an opened alert warns, critical when it opened high; an escalated one is critical', () => {
    expect(notificationCatalog['alert.opened']).toEqual({ severity: 'warning', category: 'alerts' });
    expect(notificationCatalog['alert.escalated']).toEqual({ severity: 'critical', category: 'alerts' });
    expect(newNotification({ id: '01', type: 'alert.opened', seatUid: 'st_x', now }).severity).toBe(
      'warning',
    );
    expect(
      newNotification({ id: '02', type: 'alert.opened', seatUid: 'st_x', now, severity: 'critical' })
        .severity,
    ).toBe('critical');
    expect(isCritical('alert.escalated')).toBe(true);
  });

  it('read as the 50 most recent with the unread count, the cursor being the last ULID', () => {
    const newestFirst = many(120).reverse();
    const first = inboxPage(newestFirst.slice(0, 51), 120);
    expect(first.notifications).toHaveLength(50);
    expect(first.notifications[0]?.id).toBe('01J0119');
    expect(first.nextCursor).toBe('01J0070');
    expect(first.unread).toBe(120);
  });

  it('end with a null cursor on the last page', () => {
    expect(inboxPage(many(10), 3)).toMatchObject({ nextCursor: null, unread: 3 });
    expect(inboxPage(many(50), 0)).toMatchObject({ nextCursor: null });
  });
});
