import { isStoppedByDependent } from '../consent/seat-consent';
import { fail } from '../errors';
import type { Seat } from '../family/seat';
import type { PairingStatus } from '../pairing/pairing.transitions';
import {
  isInQueue,
  isOver,
  moveImport,
  newImport,
  type HistoryImport,
  type ImportCommand,
  type ImportMove,
} from './history-import';

/**
 * Whether the seat has something to read: paired, and the last import is not a `done` one it has
 * not dropped since. A reconnection clears the pairing's drop; the seat's watch mark says since when
 * it is connected (and watched) again, so a connection back after the import (or a pause ended, whose
 * messages were never read) leaves something to read.
 */
const somethingToSync = (seat: Seat): boolean => {
  const pairing = seat.pairing;
  if (pairing === null || pairing.status !== 'paired') return false;
  const last = seat.historyImport;
  if (last === null || last.status !== 'done' || last.finishedAt === null) return true;
  const finishedAt = last.finishedAt;
  const after = (instant: string | null | undefined) => instant != null && instant > finishedAt;
  return after(pairing.droppedAt) || after(pairing.pairedAt) || after(seat.watch?.since);
};

/** The checks every guardian's import route makes first: the person's stop, then a seat without key. */
const checkSeat = (seat: Seat): void => {
  if (isStoppedByDependent(seat)) throw fail('STOPPED_BY_DEPENDENT');
  if (seat.dataKeyId === null || seat.status === 'archived') throw fail('SEAT_KEY_GONE');
};

/**
 * `POST /seats/{uid}/history-import`: the import in the queue already (kept), or a new one joining
 * its end. The seat's first import is its warm-up.
 */
export const requestImport = (
  seat: Seat,
  fields: { importId: string; now: Date },
): { existing: HistoryImport } | { move: ImportMove } => {
  checkSeat(seat);
  const last = seat.historyImport;
  if (last !== null && isInQueue(last.status)) return { existing: last };
  if (last !== null && last.status === 'running') throw fail('ALREADY_ADMITTED');
  if (!somethingToSync(seat)) throw fail('NOTHING_TO_SYNC');
  const joining = newImport({ importId: fields.importId, first: last === null, now: fields.now });
  const move = moveImport(last, 'join', fields.now, { joining });
  if (move === null) throw fail('NOTHING_TO_SYNC');
  return { move };
};

/** Accepting an offer, the codes in the contract's order. An offer past its expiry is `OFFER_EXPIRED`. */
export const acceptMove = (seat: Seat, now: Date): ImportMove => {
  checkSeat(seat);
  const current = seat.historyImport;
  if (current === null || isOver(current.status)) throw fail('NOT_IN_QUEUE');
  if (current.status === 'waiting') throw fail(current.offerLapsed ? 'OFFER_EXPIRED' : 'NO_OPEN_OFFER');
  if (current.status === 'running') throw fail('ALREADY_ADMITTED');
  if (current.offerExpiresAt !== null && current.offerExpiresAt <= now.toISOString())
    throw fail('OFFER_EXPIRED');
  const move = moveImport(current, 'accept', now);
  if (move === null) throw fail('NOT_IN_QUEUE');
  return move;
};

/** `DELETE /seats/{uid}/history-import`: leaving the queue, never once admitted. */
export const cancelMove = (seat: Seat, now: Date): ImportMove => {
  checkSeat(seat);
  const current = seat.historyImport;
  if (current === null || isOver(current.status)) throw fail('NOT_IN_QUEUE');
  if (current.status === 'running') throw fail('ALREADY_ADMITTED');
  const move = moveImport(current, 'cancel', now);
  if (move === null) throw fail('NOT_IN_QUEUE');
  return move;
};

/** Whether the seat is warming up: its first import is still to finish (waiting, offered or running). */
export const isWarmingUp = (seat: Seat): boolean =>
  seat.historyImport !== null && seat.historyImport.first && !isOver(seat.historyImport.status);

/**
 * How an import ends with its pairing's final status: `failed` when the provider ended it (a
 * `disconnected` pairing: the device unlinked, the reconnects or the proxies ran out), `cancelled`
 * when the family, the person or an operator did (`revoked`: unlinked, stopped, reset; `cancelled`:
 * the person's pairing attempt ended).
 */
const endWithPairing: Partial<Record<PairingStatus, ImportCommand>> = {
  disconnected: 'fail',
  revoked: 'cancel',
  cancelled: 'cancel',
};

/**
 * The seat's import ended with its pairing, wherever it stood (waiting, offered or running): an
 * import never keeps a place or a slot it cannot use. Null while the pairing is open or nothing is
 * in the queue.
 */
export const importEndingWithPairing = (seat: Seat, now: Date): ImportMove | null => {
  const current = seat.historyImport;
  const on = seat.pairing === null ? undefined : endWithPairing[seat.pairing.status];
  if (current === null || isOver(current.status) || on === undefined) return null;
  return moveImport(current, on, now);
};
