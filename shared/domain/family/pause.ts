import { isStoppedByDependent } from '../consent/seat-consent';
import { fail } from '../errors';
import type { Pause, Seat, SeatStatus } from './seat';

/** What a pause's schedule carries: the seat and the pause it ends. */
export interface PauseEnd {
  seatUid: string;
  pauseId: string;
}

/** Who ended a pause: a member, or the pause's own schedule at `until`. */
export type ResumeCause = 'guardian' | 'schedule';

export type PauseCommand = 'pause' | 'resume';

export interface PauseRow {
  from: SeatStatus;
  on: PauseCommand;
  to: SeatStatus;
  event: 'seat.paused' | 'seat.resumed';
}

/** The seat's pause moves, as data: only an active seat pauses, only a paused one resumes. */
export const pauseTable: readonly PauseRow[] = [
  { from: 'active', on: 'pause', to: 'paused', event: 'seat.paused' },
  { from: 'paused', on: 'resume', to: 'active', event: 'seat.resumed' },
];

const rowFor = (seat: Seat, on: PauseCommand): PauseRow | undefined =>
  pauseTable.find((row) => row.on === on && row.from === seat.status);

export interface PauseMove {
  seat: Seat;
  event: { type: PauseRow['event']; payload: Record<string, string> };
}

const dayMs = 86_400_000;

/**
 * Pausing, the checks in the contract's order: a seat its person stopped (409), a seat that is not
 * active (a paused one too), an `until` already past, an `until` beyond `maxDays`.
 */
export const pauseMove = (
  seat: Seat,
  request: { until: Date; now: Date; pauseId: string; maxDays: number },
): PauseMove => {
  if (isStoppedByDependent(seat)) throw fail('STOPPED_BY_DEPENDENT');
  const row = rowFor(seat, 'pause');
  if (row === undefined) throw fail('SEAT_NOT_ACTIVE', { status: seat.status });
  const { until, now, maxDays } = request;
  if (until.getTime() <= now.getTime()) throw fail('PAUSE_UNTIL_PAST');
  if (until.getTime() - now.getTime() > maxDays * dayMs) throw fail('PAUSE_TOO_LONG', { maxDays });
  const pause: Pause = {
    pauseId: request.pauseId,
    pausedAt: now.toISOString(),
    until: until.toISOString(),
    cause: 'guardian',
  };
  return {
    seat: { ...seat, status: row.to, pause, updatedAt: pause.pausedAt },
    event: { type: row.event, payload: { cause: pause.cause, pausedAt: pause.pausedAt, until: pause.until } },
  };
};

const resumed = (seat: Seat, row: PauseRow, cause: ResumeCause, now: Date): PauseMove => ({
  seat: { ...seat, status: row.to, pause: null, updatedAt: now.toISOString() },
  event: { type: row.event, payload: { cause, resumedAt: now.toISOString() } },
});

/** A member's resume: `SEAT_NOT_PAUSED` when the table has no row. */
export const resumeMove = (seat: Seat, now: Date): PauseMove => {
  const row = rowFor(seat, 'resume');
  if (row === undefined) throw fail('SEAT_NOT_PAUSED', { status: seat.status });
  return resumed(seat, row, 'guardian', now);
};

/**
 * A pause's schedule fired: it resumes only the pause it names (made for its `until`, so a late
 * one still resumes it). A doubled one, or one whose pause was resumed or replaced, finds nothing
 * to do: null.
 */
export const scheduledResumeMove = (seat: Seat, pauseId: string, now: Date): PauseMove | null => {
  const row = rowFor(seat, 'resume');
  if (row === undefined || seat.pause?.pauseId !== pauseId) return null;
  return resumed(seat, row, 'schedule', now);
};

/** The pause as clients read it: without the id its schedule carries. */
export const pauseView = (pause: Pause | null) =>
  pause === null ? null : { pausedAt: pause.pausedAt, until: pause.until, cause: pause.cause };
