import { StaleWrite } from '../../domain/errors';
import type { EventSource } from '../../domain/events/event';
import { seatOf, type Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { accountUidOfSeat } from '../../domain/family/uids';
import {
  moveImport,
  type HistoryImport,
  type ImportCheck,
  type ImportJob,
  type ImportMove,
  type QueueEntry,
} from '../../domain/history/history-import';
import type { Deps } from '../deps';
import { retryOnConflict } from '../retry-on-conflict';
import { writeImportMove, type MoveDeps } from './import-moves';

export type AdmissionDeps = MoveDeps &
  Pick<Deps, 'settings' | 'historyQueue' | 'historyOffers' | 'historyStuckChecks' | 'historyWork'>;

/** The family and seat of an import, read afresh; null when either is gone. */
export const importSeat = async (
  deps: Pick<Deps, 'families'>,
  seatUid: string,
): Promise<{ family: Family; seat: Seat } | null> => {
  const family = await deps.families.load(accountUidOfSeat(seatUid) ?? '');
  const seat = family === null ? undefined : seatOf(family, seatUid);
  return family === null || seat === undefined ? null : { family, seat };
};

/** The seat of a job's import while that import is the one running, else null (ended, replaced). */
export const runningImport = async (
  deps: Pick<Deps, 'families'>,
  job: Pick<ImportJob, 'seatUid' | 'importId'>,
): Promise<{ family: Family; seat: Seat; current: HistoryImport } | null> => {
  const found = await importSeat(deps, job.seatUid);
  const current = found?.seat.historyImport ?? null;
  if (found === null || current === null || current.importId !== job.importId || current.status !== 'running')
    return null;
  return { ...found, current };
};

const checkAt = (seat: Seat, move: ImportMove, at: Date): ImportCheck => ({
  seatUid: seat.uid,
  importId: move.after.importId,
  at: at.toISOString(),
});

/**
 * Writes a move and makes what it asks of the outside. The schedule that checks on the import (its
 * offer's expiry, or its progress once running) is made before the commit, so no slot is ever held
 * without one: a schedule whose move never committed finds nothing of its own when it fires. The
 * worker is asked to run it after the commit; a lost request is found by the stuck check. A freed
 * slot goes to the head of the queue.
 */
export const commitImportMove = async (
  deps: AdmissionDeps,
  family: Family,
  seat: Seat,
  move: ImportMove,
  source: EventSource,
): Promise<Seat> => {
  const now = deps.clock.now();
  if (move.row.on === 'offer' && move.after.offerExpiresAt !== null) {
    const expiry = new Date(move.after.offerExpiresAt);
    await deps.historyOffers.schedule(checkAt(seat, move, expiry), expiry);
  }
  const runs = move.row.to === 'running' && move.row.from !== 'running';
  if (runs) {
    const due = new Date(now.getTime() + deps.settings.history.stuckSeconds * 1000);
    await deps.historyStuckChecks.schedule(checkAt(seat, move, due), due);
  }
  const saved = await writeImportMove(deps, family, seat, move, source);
  if (runs) await deps.historyWork.send({ seatUid: seat.uid, importId: move.after.importId });
  if (move.row.slot === 'free') await admitNext(deps, source);
  return saved;
};

/**
 * Gives the head of the queue the slot: the first import starts by itself, a later one is offered.
 * Taking the slot, leaving the queue and the import's move are one transaction; `false` when another
 * admission took that slot or that import meanwhile.
 */
const admitOne = async (
  deps: AdmissionDeps,
  entry: QueueEntry,
  slot: number,
  source: EventSource,
): Promise<boolean> => {
  const found = await importSeat(deps, entry.seatUid);
  const current = found?.seat.historyImport ?? null;
  if (found === null || current === null || current.importId !== entry.importId) return false;
  const move = moveImport(current, current.first ? 'start' : 'offer', deps.clock.now(), {
    slot,
    offerTtlSeconds: deps.settings.history.offerTtlSeconds,
  });
  if (move === null) return false;
  try {
    await commitImportMove(deps, found.family, found.seat, move, source);
    return true;
  } catch (error) {
    if (error instanceof StaleWrite) return false;
    throw error;
  }
};

/**
 * Fills the free slots from the head of the queue, in queue order. Admissions racing each other
 * (two freed slots, two workers) each take what is still free: a lost race reads again. Called after
 * every move that frees a slot or joins the queue, and by the schedules, so a slot a crashed caller
 * left free is handed on by the next one.
 */
export const admitNext = async (deps: AdmissionDeps, source: EventSource): Promise<number> => {
  let admitted = 0;
  for (let round = 0; round < deps.settings.history.slots * 2 + 2; round += 1) {
    const free = await deps.historyQueue.freeSlots(deps.settings.history.slots);
    if (free.length === 0) return admitted;
    const head = await deps.historyQueue.head(free.length);
    if (head.length === 0) return admitted;
    let moved = 0;
    for (const [index, entry] of head.entries()) {
      const slot = free[index];
      if (slot !== undefined && (await admitOne(deps, entry, slot, source))) moved += 1;
    }
    admitted += moved;
    if (moved === head.length && head.length < free.length) return admitted;
  }
  return admitted;
};

export type CheckOutcome = 'lapsed' | 'stuck' | 'rescheduled' | 'stale';

/**
 * An offer's schedule fired: the offer it names lapses back to the end of the queue if it is still
 * open and due; a late, doubled or stale schedule changes nothing (but hands on free slots).
 */
export const lapseOffer = async (deps: AdmissionDeps, fired: ImportCheck): Promise<CheckOutcome> => {
  const outcome = await retryOnConflict(async (): Promise<CheckOutcome> => {
    const found = await importSeat(deps, fired.seatUid);
    const current = found?.seat.historyImport ?? null;
    const now = deps.clock.now();
    if (found === null || current === null || current.importId !== fired.importId) return 'stale';
    if (current.status !== 'offered' || current.offerExpiresAt === null) return 'stale';
    if (current.offerExpiresAt > now.toISOString()) return 'stale';
    const move = moveImport(current, 'lapse', now);
    if (move === null) return 'stale';
    await commitImportMove(deps, found.family, found.seat, move, 'crons');
    return 'lapsed';
  });
  if (outcome === 'stale') await admitNext(deps, 'crons');
  return outcome;
};

/**
 * A running import's progress check fired: with no progress for `HISTORY_STUCK_SECONDS` it is
 * `stuck` and its slot goes to the queue; with progress since, the check is made again that long
 * after the last. A check of an import no longer running changes nothing.
 */
export const checkStuck = async (deps: AdmissionDeps, fired: ImportCheck): Promise<CheckOutcome> => {
  const outcome = await retryOnConflict(async (): Promise<CheckOutcome> => {
    const found = await importSeat(deps, fired.seatUid);
    const current = found?.seat.historyImport ?? null;
    const now = deps.clock.now();
    if (found === null || current === null || current.importId !== fired.importId) return 'stale';
    if (current.status !== 'running') return 'stale';
    const due =
      Date.parse(current.progressAt ?? current.startedAt ?? current.queuedAt) +
      deps.settings.history.stuckSeconds * 1000;
    if (due > now.getTime()) {
      const at = new Date(due);
      await deps.historyStuckChecks.schedule({ ...fired, at: at.toISOString() }, at);
      return 'rescheduled';
    }
    const move = moveImport(current, 'stick', now);
    if (move === null) return 'stale';
    await commitImportMove(deps, found.family, found.seat, move, 'crons');
    return 'stuck';
  });
  if (outcome === 'stale') await admitNext(deps, 'crons');
  return outcome;
};

/**
 * The recurring sweep: admits what a process that died left waiting, then reports how many slots
 * are held (offered or running imports), a level the operators watch (docs/operations.md).
 */
export const sweepAdmissions = async (
  deps: AdmissionDeps & Pick<Deps, 'metrics'>,
  source: EventSource,
): Promise<number> => {
  const admitted = await admitNext(deps, source);
  const free = await deps.historyQueue.freeSlots(deps.settings.history.slots);
  deps.metrics.level('ImportSlotsHeld', deps.settings.history.slots - free.length);
  return admitted;
};
