import { describe, expect, it } from 'vitest';
import {
  criticalTypes,
  newNotification,
  notificationCatalog,
  type NotificationType,
} from '../../../shared/domain/notifications/notification';
import {
  channelsOf,
  defaultPreferences,
  mergePreferences,
} from '../../../shared/domain/notifications/preferences';

const now = new Date('2026-11-22T10:00:00Z');
const of = (type: NotificationType, severity?: 'critical' | 'warning') =>
  newNotification({ id: '01', type, seatUid: 'st_x', now, ...(severity === undefined ? {} : { severity }) });
const allOff = mergePreferences(defaultPreferences(), {
  alerts: { inbox: false, email: false, push: false },
  connection: { inbox: false, email: false, push: false },
  consent: { inbox: false, email: false, push: false },
  account: { inbox: false, email: false, push: false },
});

describe('notification preferences', () => {
  it('are all on by default, for every category', () => {
    expect(defaultPreferences()).toEqual({
      alerts: { inbox: true, email: true, push: true },
      connection: { inbox: true, email: true, push: true },
      consent: { inbox: true, email: true, push: true },
      account: { inbox: true, email: true, push: true },
    });
  });

  it('merge a partial change: only the channels given move, the rest keep their value', () => {
    const once = mergePreferences(defaultPreferences(), { consent: { email: false } });
    const twice = mergePreferences(once, { consent: { push: false }, account: { inbox: false } });
    expect(twice.consent).toEqual({ inbox: true, email: false, push: false });
    expect(twice.account).toEqual({ inbox: false, email: true, push: true });
    expect(twice.alerts).toEqual({ inbox: true, email: true, push: true });
    expect(mergePreferences(twice, { consent: { email: true } }).consent).toEqual({
      inbox: true,
      email: true,
      push: false,
    });
  });

  it('give a type the channels of its category', () => {
    const prefs = mergePreferences(defaultPreferences(), { account: { inbox: false, push: false } });
    expect(channelsOf(prefs, of('trial.started'))).toEqual({ inbox: false, email: true, push: false });
    expect(channelsOf(prefs, of('consent.given'))).toEqual({ inbox: true, email: true, push: true });
  });

  it('let critical types reach the inbox and push whatever the preferences, e-mail as chosen', () => {
    for (const type of criticalTypes)
      expect(channelsOf(allOff, of(type))).toEqual({ inbox: true, email: false, push: true });
    expect(channelsOf(allOff, of('pairing.reconnect_required'))).toEqual({
      inbox: false,
      email: false,
      push: false,
    });
  });

  it('treat a notification its change made critical (an alert opened high) as critical', () => {
    expect(channelsOf(allOff, of('alert.opened'))).toEqual({ inbox: false, email: false, push: false });
    expect(channelsOf(allOff, of('alert.opened', 'critical'))).toEqual({
      inbox: true,
      email: false,
      push: true,
    });
  });

  it('list the critical types from the catalog, each with a category', () => {
    expect(criticalTypes).toEqual(
      expect.arrayContaining([
        'pairing.disconnected',
        'pairing.identity_mismatch',
        'alert.escalated',
        'consent.stopped',
      ]),
    );
    for (const entry of Object.values(notificationCatalog))
      expect(['alerts', 'connection', 'consent', 'account']).toContain(entry.category);
  });
});
