import { describe, expect, it } from 'vitest';
import type { Seat, SeatStatus } from '../../../shared/domain/family/seat';
import { newSeat } from '../../../shared/domain/family/seat';
import {
  calendarDate,
  dayStart,
  weekChange,
  weekOf,
  type DayTally,
} from '../../../shared/domain/family/week';
import { newPairing } from '../../../shared/domain/pairing/pairing';
import type { PairingStatus } from '../../../shared/domain/pairing/pairing.transitions';

const created = new Date('2026-11-16T12:00:00Z');
const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

const seatIn = (status: SeatStatus, pairing: PairingStatus | null): Seat => ({
  ...newSeat({
    uid: 'st_x',
    seatId: '01SEAT',
    accountUid: 'acc_x',
    price: { amount: 1, currency: 'BRL' },
    now: created,
  }),
  status,
  pairing:
    pairing === null
      ? null
      : {
          ...newPairing({
            pairingId: '01P',
            method: 'qr',
            requestedBy: 'guardian',
            proxyLabel: 'p',
            now: created,
          }),
          status: pairing,
        },
});

/** Runs the changes in order, keeping the tallies written as the store would. */
const run = (steps: readonly { to: Seat; at: Date }[]) => {
  let seat = seatIn('pending', null);
  const tallies: DayTally[] = [];
  for (const step of steps) {
    const change = weekChange(seat, { ...step.to, watch: seat.watch }, step.at);
    tallies.push(...change.days);
    seat = change.seat;
  }
  return { seat, tallies };
};

describe('the week calendar (America/Sao_Paulo)', () => {
  it('dates an instant by the local day: 02:59 UTC is still the day before', () => {
    expect(calendarDate(at('2026-11-20T02:59:59Z'))).toBe('2026-11-19');
    expect(calendarDate(at('2026-11-20T03:00:00Z'))).toBe('2026-11-20');
    expect(new Date(dayStart('2026-11-20')).toISOString()).toBe('2026-11-20T03:00:00.000Z');
  });
});

describe('weekChange', () => {
  it('adds nothing when the watch state stays the same', () => {
    const { seat } = run([{ to: seatIn('active', 'paired'), at: at('2026-11-20T12:00:00Z') }]);
    const later = { ...seat, pairing: seat.pairing === null ? null : { ...seat.pairing, lastSeenAt: 'x' } };
    expect(weekChange(seat, later, at('2026-11-20T13:00:00Z'))).toEqual({ seat: later, days: [] });
  });

  it('splits a change spanning midnight between the two days', () => {
    const { tallies } = run([
      { to: seatIn('active', 'paired'), at: at('2026-11-20T02:00:00Z') }, // 19th, 23:00 local
      { to: seatIn('active', 'disconnected'), at: at('2026-11-20T04:30:00Z') }, // 20th, 01:30 local
    ]);
    expect(tallies).toEqual([
      {
        seatUid: 'st_x',
        date: '2026-11-19',
        watchedMs: 60 * MINUTE,
        connectedMs: 60 * MINUTE,
        pausedMs: 0,
        drops: 0,
      },
      {
        seatUid: 'st_x',
        date: '2026-11-20',
        watchedMs: 90 * MINUTE,
        connectedMs: 90 * MINUTE,
        pausedMs: 0,
        drops: 0,
      },
    ]);
  });

  it('counts a paired -> degraded move as a drop of its day', () => {
    const { tallies, seat } = run([
      { to: seatIn('active', 'paired'), at: at('2026-11-20T12:00:00Z') },
      { to: seatIn('active', 'degraded'), at: at('2026-11-20T13:00:00Z') },
    ]);
    expect(tallies).toEqual([
      {
        seatUid: 'st_x',
        date: '2026-11-20',
        watchedMs: 60 * MINUTE,
        connectedMs: 60 * MINUTE,
        pausedMs: 0,
        drops: 1,
      },
    ]);
    expect(seat.watch).toEqual({
      since: '2026-11-20T13:00:00.000Z',
      watched: true,
      connected: false,
      paused: false,
    });
  });

  it('keeps only the days the week can still show', () => {
    const { tallies } = run([
      { to: seatIn('paused', 'paired'), at: at('2026-10-01T12:00:00Z') },
      { to: seatIn('active', 'paired'), at: at('2026-11-20T12:00:00Z') },
    ]);
    expect(tallies.map((tally) => tally.date)).toEqual([
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(tallies.every((tally) => tally.pausedMs > 0 && tally.watchedMs === 0)).toBe(true);
  });
});

describe('weekOf', () => {
  it('gives the 7 days ending today, oldest first, with the time since the mark up to now', () => {
    const { seat, tallies } = run([
      { to: seatIn('active', 'connecting'), at: at('2026-11-17T12:00:00Z') },
      { to: seatIn('active', 'paired'), at: at('2026-11-17T13:00:00Z') },
      { to: seatIn('active', 'degraded'), at: at('2026-11-19T12:00:00Z') },
      { to: seatIn('active', 'paired'), at: at('2026-11-19T12:30:00Z') },
      { to: seatIn('paused', 'paired'), at: at('2026-11-20T03:00:00Z') }, // the 20th begins paused
      { to: seatIn('active', 'paired'), at: at('2026-11-21T03:00:00Z') },
    ]);
    const week = weekOf(seat, tallies, at('2026-11-22T12:00:00Z'));
    expect(week).toEqual([
      { date: '2026-11-16', state: 'not_started', protectedMinutes: 0, drops: 0 },
      { date: '2026-11-17', state: 'partial', protectedMinutes: 14 * 60, drops: 0 },
      { date: '2026-11-18', state: 'protected', protectedMinutes: 24 * 60, drops: 0 },
      { date: '2026-11-19', state: 'partial', protectedMinutes: 24 * 60 - 30, drops: 1 },
      { date: '2026-11-20', state: 'paused', protectedMinutes: 0, drops: 0 },
      { date: '2026-11-21', state: 'protected', protectedMinutes: 24 * 60, drops: 0 },
      { date: '2026-11-22', state: 'protected', protectedMinutes: 9 * 60, drops: 0 },
    ]);
  });

  it('says unprotected for watched time never connected, and ignores other seats', () => {
    const { seat, tallies } = run([{ to: seatIn('active', null), at: at('2026-11-22T10:00:00Z') }]);
    const other: DayTally = {
      seatUid: 'st_y',
      date: '2026-11-21',
      watchedMs: MINUTE,
      connectedMs: MINUTE,
      pausedMs: 0,
      drops: 0,
    };
    const week = weekOf(seat, [...tallies, other], at('2026-11-22T11:00:00Z'));
    expect(week.at(-2)).toEqual({ date: '2026-11-21', state: 'not_started', protectedMinutes: 0, drops: 0 });
    expect(week.at(-1)).toEqual({ date: '2026-11-22', state: 'unprotected', protectedMinutes: 0, drops: 0 });
  });
});
