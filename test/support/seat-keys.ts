import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { dataKeyChange, makeDataKey, openDataKey } from '../../shared/app/seats/data-keys';
import type { Seat } from '../../shared/domain/family/seat';
import type { SeatKeys } from '../../shared/ports/consent';
import type { Ids } from '../../shared/ports/ids';

/**
 * Seat data keys in tests, kept as the service keeps them: the seat names its key, the wrapped key
 * lives in `keysTable` (the seat keys' table beside the test's table), written with the seat.
 */
export const seatKeysIn = (table: TableAccess, keysTable: TableAccess, seatKeys: SeatKeys) => {
  const families = dynamoFamilyStore(table, { seatKeysTable: keysTable.tableName });
  const wrappedKeys = dynamoWrappedKeys(keysTable);
  return {
    /** The family store that writes keys' copies (as the seats and consent groups have it). */
    families,
    wrappedKeys,
    /** Saves `seat` (with `fields`) with a new data key, as an activation does. */
    async keyed(seat: Seat, ids: Pick<Ids, 'ulid'>, fields: Partial<Seat> = {}): Promise<Seat> {
      const made = await makeDataKey({ seatKeys, ids }, seat.seatId);
      const after = { ...seat, dataKeyId: made.id, ...fields };
      return families.saveSeat(after, [], dataKeyChange(seat, after, made));
    },
    /** Saves `seat` without its key, as a stop or an archive destroys it. */
    unkeyed: (seat: Seat): Promise<Seat> => {
      const after = { ...seat, dataKeyId: null };
      return families.saveSeat(after, [], dataKeyChange(seat, after));
    },
    /** The seat's data key opened, as the worker and the excerpt open it. */
    open: (seat: Pick<Seat, 'seatId' | 'dataKeyId'>) => openDataKey({ seatKeys, wrappedKeys }, seat),
  };
};
