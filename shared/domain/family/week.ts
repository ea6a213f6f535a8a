import type { Seat, WatchMark, WatchState } from './seat';

export type { WatchMark, WatchState };

/**
 * How a seat's week went, kept as one small tally per seat and calendar day (America/Sao_Paulo).
 * The seat carries a mark (`seat.watch`): since when it has been in its current watch state. A
 * change of that state (a pairing move, a pause, a resume, an activation, an archive) credits the
 * time since the mark to the days it spans and moves the mark: the tallies only grow by addition,
 * and the time since the last mark is added on read.
 */

export const WEEK_TIME_ZONE = 'America/Sao_Paulo';
export const WEEK_DAYS = 7;

/** What one change adds to one seat's day (`date`: `YYYY-MM-DD` in the week's calendar). */
export interface DayTally {
  seatUid: string;
  date: string;
  watchedMs: number;
  connectedMs: number;
  pausedMs: number;
  drops: number;
}

export const dayStates = ['protected', 'partial', 'unprotected', 'paused', 'not_started'] as const;
export type DayState = (typeof dayStates)[number];

export interface WeekDay {
  date: string;
  state: DayState;
  protectedMinutes: number;
  drops: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The zone's formats, built on first use: ICU loads its time-zone data for them (about 30 ms), which
 * a worker whose first messages never touch a week (the session events' messages) would pay at load.
 */
let zoneFormats: { date: Intl.DateTimeFormat; wallClock: Intl.DateTimeFormat } | undefined;
const formats = () =>
  (zoneFormats ??= {
    date: new Intl.DateTimeFormat('en-CA', {
      timeZone: WEEK_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
    wallClock: new Intl.DateTimeFormat('en-US', {
      timeZone: WEEK_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
  });

/** The calendar day of an instant, `YYYY-MM-DD`. */
export const calendarDate = (at: Date): string => formats().date.format(at);

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
const offsetAt = (at: number): number => {
  const parts = formats().wallClock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((one) => one.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
};

/** The instant a calendar day begins (its local midnight). */
export const dayStart = (date: string): number => {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  return midnightUtc - offsetAt(midnightUtc - offsetAt(midnightUtc));
};

export const watchStateOf = (seat: Seat): WatchState => {
  const watched = seat.status === 'active';
  return {
    watched,
    connected: watched && seat.pairing?.status === 'paired',
    paused: seat.status === 'paused',
  };
};

const sameState = (a: WatchState, b: WatchState) =>
  a.watched === b.watched && a.connected === b.connected && a.paused === b.paused;

/** The oldest instant a tally still matters for: the first day of the week, with a day's margin. */
const keptFrom = (now: Date): number => dayStart(addDays(calendarDate(now), -WEEK_DAYS));

/** The time from `mark.since` to `until`, split at the days' boundaries, as tallies. */
const spanTallies = (seatUid: string, mark: WatchMark, until: number, from: number): DayTally[] => {
  const tallies: DayTally[] = [];
  let start = Math.max(Date.parse(mark.since), from);
  while (start < until) {
    const date = calendarDate(new Date(start));
    const end = Math.min(dayStart(addDays(date, 1)), until);
    const ms = end - start;
    tallies.push({
      seatUid,
      date,
      watchedMs: mark.watched ? ms : 0,
      connectedMs: mark.connected ? ms : 0,
      pausedMs: mark.paused ? ms : 0,
      drops: 0,
    });
    start = end;
  }
  return tallies;
};

/**
 * What a change of the seat does to its week: the tallies to add (the time since the mark, in the
 * state it had, and a `paired -> degraded` move as a drop of the day) and the seat with its mark
 * moved to `now`. A change that keeps the watch state and drops nothing adds nothing.
 */
export const weekChange = (before: Seat, after: Seat, now: Date): { seat: Seat; days: DayTally[] } => {
  const mark = before.watch;
  const state = watchStateOf(after);
  const dropped = before.pairing?.status === 'paired' && after.pairing?.status === 'degraded';
  if (mark !== null && sameState(mark, state) && !dropped) return { seat: after, days: [] };
  const days = mark === null ? [] : spanTallies(after.uid, mark, now.getTime(), keptFrom(now));
  if (dropped) {
    const today = calendarDate(now);
    const tally = days.find((day) => day.date === today);
    if (tally === undefined)
      days.push({ seatUid: after.uid, date: today, watchedMs: 0, connectedMs: 0, pausedMs: 0, drops: 1 });
    else tally.drops += 1;
  }
  return { seat: { ...after, watch: { since: now.toISOString(), ...state } }, days };
};

const dayState = (watchedMs: number, connectedMs: number, pausedMs: number): DayState => {
  if (watchedMs > 0) {
    if (connectedMs >= watchedMs) return 'protected';
    return connectedMs > 0 ? 'partial' : 'unprotected';
  }
  return pausedMs > 0 ? 'paused' : 'not_started';
};

/**
 * The seat's 7 calendar days ending today, oldest first: its stored tallies plus the time since its
 * mark (up to now for today). Tallies of other seats are ignored.
 */
export const weekOf = (seat: Seat, tallies: readonly DayTally[], now: Date): WeekDay[] => {
  const today = calendarDate(now);
  const open = seat.watch === null ? [] : spanTallies(seat.uid, seat.watch, now.getTime(), keptFrom(now));
  const all = [...tallies.filter((tally) => tally.seatUid === seat.uid), ...open];
  return Array.from({ length: WEEK_DAYS }, (_, index) => {
    const date = addDays(today, index - (WEEK_DAYS - 1));
    const sum = { watchedMs: 0, connectedMs: 0, pausedMs: 0, drops: 0 };
    for (const tally of all) {
      if (tally.date !== date) continue;
      sum.watchedMs += tally.watchedMs;
      sum.connectedMs += tally.connectedMs;
      sum.pausedMs += tally.pausedMs;
      sum.drops += tally.drops;
    }
    return {
      date,
      state: dayState(sum.watchedMs, sum.connectedMs, sum.pausedMs),
      protectedMinutes: Math.floor(sum.connectedMs / MINUTE_MS),
      drops: sum.drops,
    };
  });
};

/** When a day's tally may go: a day after it left the week (the table's TTL, in epoch seconds). */
export const dayTallyExpiry = (date: string): number =>
  Math.floor(dayStart(addDays(date, WEEK_DAYS + 1)) / 1000);
