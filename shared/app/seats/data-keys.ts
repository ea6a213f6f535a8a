import { fail } from '../../domain/errors';
import type { Seat } from '../../domain/family/seat';
import type { DataKeyChange } from '../../ports/stores';
import type { Deps } from '../deps';

/**
 * A seat's data key: made (wrapped under the seat key, bound to the seat id) and named. The seat
 * carries only its id; the wrapped key is written with the seat into the seat keys' store, which no
 * backup holds, so deleting it there (a stop, an archive) leaves nothing anywhere that opens what
 * the key sealed (docs/security.md, crypto-shredding).
 */
export interface NewDataKey {
  id: string;
  wrappedKey: string;
}

export const makeDataKey = async (
  deps: Pick<Deps, 'seatKeys'> & { ids: Pick<Deps['ids'], 'ulid'> },
  seatId: string,
): Promise<NewDataKey> => ({
  id: deps.ids.ulid(),
  wrappedKey: await deps.seatKeys.create(seatId),
});

/**
 * What a seat's write does to its key's wrapped copy, from the seat before and after: nothing when
 * the key is the same, `destroyed` when it is gone, `made` with `made`'s wrapped key when it is new.
 */
export const dataKeyChange = (
  before: Pick<Seat, 'dataKeyId'>,
  after: Pick<Seat, 'dataKeyId'>,
  made: NewDataKey | null = null,
): { dataKey?: DataKeyChange } => {
  if (before.dataKeyId === after.dataKeyId) return {};
  if (after.dataKeyId === null) return { dataKey: { kind: 'destroyed' } };
  if (made?.id !== after.dataKeyId) throw new Error('a seat names a data key that was not made');
  return { dataKey: { kind: 'made', wrappedKey: made.wrappedKey } };
};

/**
 * The seat's data key, opened in memory: its wrapped copy read from the seat keys' store and
 * unwrapped bound to the seat. `SEAT_KEY_GONE` when the seat has none, or its copy is gone (the
 * person stopped meanwhile; a restored seat whose key was destroyed before the restore).
 */
export const openDataKey = async (
  deps: Pick<Deps, 'seatKeys' | 'wrappedKeys'>,
  seat: Pick<Seat, 'seatId' | 'dataKeyId'>,
): Promise<Uint8Array> => {
  if (seat.dataKeyId === null) throw fail('SEAT_KEY_GONE');
  const wrapped = await deps.wrappedKeys.get(seat.seatId, seat.dataKeyId);
  if (wrapped === null) throw fail('SEAT_KEY_GONE');
  return deps.seatKeys.open(seat.seatId, wrapped);
};
