import { fail } from '../errors';
import { instantPlaceAfter, instantPlaceOf, type InstantPlace } from './instant-place';

/**
 * The offset cursor kind (customers): how many rows the client has been shown, with the place the
 * last one holds. The next page starts at that place (one Query, however deep the walk), and the
 * offset says where in the list it starts, so an answer can number its rows.
 */
export interface OffsetPlace {
  offset: number;
  place: InstantPlace;
}

export const offsetPlaceOf = ({ offset, place }: OffsetPlace): string => `${offset}|${instantPlaceOf(place)}`;

export const offsetPlaceAfter = (cursorId: string | null): OffsetPlace | null => {
  if (cursorId === null) return null;
  const [offset, ...rest] = cursorId.split('|');
  if (offset === undefined || !/^[1-9][0-9]{0,8}$/.test(offset)) {
    throw fail('BAD_REQUEST', undefined, 'The cursor is not valid for this request.');
  }
  const place = instantPlaceAfter(rest.join('|'));
  if (place === null) throw fail('BAD_REQUEST', undefined, 'The cursor is not valid for this request.');
  return { offset: Number(offset), place };
};
