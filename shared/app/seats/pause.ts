import {
  pauseMove,
  resumeMove,
  scheduledResumeMove,
  type PauseEnd,
  type PauseMove,
} from '../../domain/family/pause';
import { weekChange } from '../../domain/family/week';
import { accountUidOfSeat } from '../../domain/family/uids';
import { seatOf } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import type { EventSource } from '../../domain/events/event';
import type { Caller, Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { seatFor } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { seatRef, seatView } from './seats';
import { stateChangeEvents } from './state-events';

type PauseDeps = Pick<Deps, 'families' | 'ids' | 'clock' | 'settings' | 'hasher' | 'pauseResumes'>;

/**
 * A pause move committed: the seat with its event, the days its week gains and, when the derivation
 * moved, `seat.state_changed`.
 */
const commit = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  before: Seat,
  move: PauseMove,
  source: EventSource,
) => {
  const { seat, days } = weekChange(before, move.seat, deps.clock.now());
  return deps.families.saveSeat(
    seat,
    [
      sourcedEvent(deps, source, {
        type: move.event.type,
        accountId: before.accountUid,
        seat: seatRef(before),
        payload: move.event.payload,
      }),
      ...stateChangeEvents(deps, before, move.seat, source),
    ],
    { days },
  );
};

/**
 * `POST /seats/{uid}/pause` (any member): the seat pauses until `until`. The schedule that ends the
 * pause is made before the commit, as the reconnects' are: one whose pause never committed finds no
 * pause of its own when it fires and changes nothing.
 */
export const pauseSeat = async (deps: PauseDeps, caller: Caller, seatUid: string, until: Date) =>
  retryOnConflict(async () => {
    const { seat } = await seatFor(deps, caller, seatUid);
    const move = pauseMove(seat, {
      until,
      now: deps.clock.now(),
      pauseId: deps.ids.ulid(),
      maxDays: deps.settings.pauseMaxDays,
    });
    const pause = move.seat.pause;
    if (pause !== null) await deps.pauseResumes.schedule({ seatUid, pauseId: pause.pauseId }, until);
    await commit(deps, seat, move, 'api');
    return seatView(move.seat, deps);
  });

/**
 * `POST /seats/{uid}/resume` (any member): the pause ends now. Its schedule is cancelled after the
 * commit, best effort: one that still fires finds no pause of its own.
 */
export const resumeSeat = async (deps: PauseDeps, caller: Caller, seatUid: string) => {
  const { view, pauseId } = await retryOnConflict(async () => {
    const { seat } = await seatFor(deps, caller, seatUid);
    const move = resumeMove(seat, deps.clock.now());
    await commit(deps, seat, move, 'api');
    return { view: seatView(move.seat, deps), pauseId: seat.pause?.pauseId ?? null };
  });
  if (pauseId !== null) await deps.pauseResumes.cancel({ seatUid, pauseId }).catch(() => undefined);
  return view;
};

export type PauseEndOutcome = 'resumed' | 'stale';

/** A pause's schedule fired: the pause it names ends; a late, doubled or stale one changes nothing. */
export const endPause = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  fired: PauseEnd,
): Promise<PauseEndOutcome> =>
  retryOnConflict(async () => {
    const family = await deps.families.load(accountUidOfSeat(fired.seatUid) ?? '');
    const seat = family === null ? undefined : seatOf(family, fired.seatUid);
    const move = seat === undefined ? null : scheduledResumeMove(seat, fired.pauseId, deps.clock.now());
    if (seat === undefined || move === null) return 'stale';
    await commit(deps, seat, move, 'crons');
    return 'resumed';
  });
