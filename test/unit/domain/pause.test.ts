import { describe, expect, it } from 'vitest';
import { stateChangeEvents } from '../../../shared/app/seats/state-events';
import { alertOf } from '../../support/alerts';
import { protectedSeatAt } from '../../support/seat-states';
import { stopByDependent } from '../../../shared/domain/consent/seat-consent';
import { deriveProtection, personProtection } from '../../../shared/domain/consent/protection';
import { isServiceError } from '../../../shared/domain/errors';
import {
  pauseMove,
  pauseTable,
  pauseView,
  resumeMove,
  scheduledResumeMove,
} from '../../../shared/domain/family/pause';
import { newSeat, type Seat } from '../../../shared/domain/family/seat';

const now = new Date('2026-11-22T10:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const maxDays = 30;

const activeSeat = (): Seat => protectedSeatAt(now);
const paused = (pauseId = 'P1', seat = activeSeat()) =>
  pauseMove(seat, { until: hours(2), now, pauseId, maxDays }).seat;

const alert = alertOf(
  { ulid: () => '' },
  { accountUid: 'acc_x', uid: 'st_x' },
  new Date('2026-11-22T09:00:00Z'),
  {
    uid: 'al_1',
    severity: 'high',
  },
);

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return isServiceError(error) ? { code: error.code, details: error.details } : String(error);
  }
  return undefined;
};

describe('the pause table', () => {
  it('has one row each way: active pauses, paused resumes', () => {
    expect(pauseTable.map((row) => `${row.from} --${row.on}--> ${row.to} ${row.event}`)).toEqual([
      'active --pause--> paused seat.paused',
      'paused --resume--> active seat.resumed',
    ]);
  });

  it('pauses an active seat until `until`, named by its id, with the event', () => {
    const move = pauseMove(activeSeat(), { until: hours(2), now, pauseId: 'P1', maxDays });
    expect(move.seat).toMatchObject({
      status: 'paused',
      pause: { pauseId: 'P1', pausedAt: now.toISOString(), until: hours(2).toISOString(), cause: 'guardian' },
    });
    expect(move.event).toEqual({
      type: 'seat.paused',
      payload: { cause: 'guardian', pausedAt: now.toISOString(), until: hours(2).toISOString() },
    });
    expect(pauseView(move.seat.pause)).toEqual({
      pausedAt: now.toISOString(),
      until: hours(2).toISOString(),
      cause: 'guardian',
    });
  });

  it('checks in the contract’s order: stopped, not active (or already paused), past, too long', () => {
    const stopped = stopByDependent(activeSeat(), now, { linkTtlSeconds: 3600, resendWaitSeconds: 60 });
    // A stopped seat answers 409 even when its `until` is also wrong.
    expect(codeOf(() => pauseMove(stopped, { until: hours(-1), now, pauseId: 'P', maxDays }))).toMatchObject({
      code: 'STOPPED_BY_DEPENDENT',
    });
    const pending = newSeat({
      uid: 's',
      seatId: '1',
      accountUid: 'a',
      price: { amount: 1, currency: 'BRL' },
      now,
    });
    expect(codeOf(() => pauseMove(pending, { until: hours(-1), now, pauseId: 'P', maxDays }))).toMatchObject({
      code: 'SEAT_NOT_ACTIVE',
    });
    expect(codeOf(() => pauseMove(paused(), { until: hours(3), now, pauseId: 'P2', maxDays }))).toMatchObject(
      {
        code: 'SEAT_NOT_ACTIVE',
      },
    );
    expect(codeOf(() => pauseMove(activeSeat(), { until: now, now, pauseId: 'P', maxDays }))).toMatchObject({
      code: 'PAUSE_UNTIL_PAST',
    });
    expect(
      codeOf(() => pauseMove(activeSeat(), { until: hours(30 * 24 + 1), now, pauseId: 'P', maxDays })),
    ).toEqual({ code: 'PAUSE_TOO_LONG', details: { maxDays: 30 } });
    // Exactly the longest pause is allowed.
    expect(codeOf(() => pauseMove(activeSeat(), { until: hours(30 * 24), now, pauseId: 'P', maxDays }))).toBe(
      undefined,
    );
  });

  it('resumes a paused seat by a member; anything else is SEAT_NOT_PAUSED', () => {
    const move = resumeMove(paused(), hours(1));
    expect(move.seat).toMatchObject({ status: 'active', pause: null });
    expect(move.event).toEqual({
      type: 'seat.resumed',
      payload: { cause: 'guardian', resumedAt: hours(1).toISOString() },
    });
    expect(codeOf(() => resumeMove(activeSeat(), now))).toMatchObject({ code: 'SEAT_NOT_PAUSED' });
  });

  it('resumes on schedule only the pause the schedule names', () => {
    const fired = scheduledResumeMove(paused('P1'), 'P1', hours(3));
    expect(fired?.event).toEqual({
      type: 'seat.resumed',
      payload: { cause: 'schedule', resumedAt: hours(3).toISOString() },
    });
    // After a manual resume, a doubled fire, or for an older pause: nothing.
    expect(scheduledResumeMove(activeSeat(), 'P1', hours(3))).toBeNull();
    expect(scheduledResumeMove(fired?.seat ?? activeSeat(), 'P1', hours(3))).toBeNull();
    expect(scheduledResumeMove(paused('P2'), 'P1', hours(3))).toBeNull();
  });
});

describe('row 3 of the derivation: paused', () => {
  it('a paused seat is `paused`, `paused_by_guardian`, `resume_pause`, since it paused', () => {
    expect(deriveProtection(paused(), hours(1))).toEqual({
      state: 'paused',
      reason: 'paused_by_guardian',
      since: now.toISOString(),
      action: 'resume_pause',
    });
  });

  it('wins over an open alert (row 4) and the pairing (row 6)', () => {
    const seat = { ...paused(), openAlerts: [alert] };
    expect(deriveProtection(seat, now).state).toBe('paused');
    expect(deriveProtection({ ...activeSeat(), openAlerts: [alert] }, now).state).toBe('needs_you');
    expect(deriveProtection(activeSeat(), now).state).toBe('protecting');
  });

  it('yields to an archived seat (row 1) and a stop by the person (row 2)', () => {
    expect(deriveProtection({ ...paused(), status: 'archived' }, now).state).toBe('ended');
    const stopped = stopByDependent(paused(), now, { linkTtlSeconds: 3600, resendWaitSeconds: 60 });
    expect(deriveProtection(stopped, now).state).toBe('stopped');
  });

  it('the person sees the pause too', () => {
    expect(personProtection({ ...paused(), openAlerts: [alert] }, now)).toMatchObject({
      state: 'paused',
      reason: 'paused_by_guardian',
      action: 'resume_pause',
    });
  });

  it('pausing and resuming each move the derivation: one `seat.state_changed` for both sides', () => {
    let next = 0;
    const deps = {
      ids: { ulid: () => `01EVENT${next++}` },
      clock: { now: () => now },
    } as Parameters<typeof stateChangeEvents>[0];
    const [pausedEvent, ...more] = stateChangeEvents(deps, activeSeat(), paused());
    expect(more).toEqual([]);
    expect(pausedEvent).toMatchObject({ type: 'seat.state_changed', payload: { state: 'paused' } });
    expect(pausedEvent?.audience).toBeUndefined();
    const [resumed] = stateChangeEvents(deps, paused(), resumeMove(paused(), now).seat);
    expect(resumed).toMatchObject({ payload: { state: 'protecting' } });
  });
});
