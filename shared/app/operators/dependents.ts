import { cursorAfter, nextCursor, type PageScope } from '../../domain/pagination/cursor';
import { instantPlaceAfter, instantPlaceOf } from '../../domain/pagination/instant-place';
import { maskedDependent } from '../../domain/operators/masking';
import type { BackofficeLists } from '../../ports/operators';

/**
 * `GET /admin/dependents` (operator or owner): the protected people, newest seat first, 30 per page
 * unless asked (at most 100), each masked (initials, the phone's country, area and last two digits,
 * the CPF's check digits, the birth year): who they are is never shown (rule 9).
 */
export const listDependents = async (
  deps: { lists: BackofficeLists },
  query: { cursor?: string | undefined; limit: number },
) => {
  const scope: PageScope = { list: 'dependents', limit: query.limit, order: 'newest_first', filters: {} };
  const after = instantPlaceAfter(cursorAfter(scope, query.cursor));
  const seats = await deps.lists.dependents({ after, limit: query.limit });
  return {
    dependents: seats.flatMap((seat) =>
      seat.dependent === null
        ? []
        : [
            {
              seatUid: seat.uid,
              accountUid: seat.accountUid,
              seatStatus: seat.status,
              person: maskedDependent(seat.dependent),
              createdAt: seat.createdAt,
            },
          ],
    ),
    nextCursor: nextCursor(scope, seats, (seat) => instantPlaceOf({ at: seat.createdAt, id: seat.uid })),
  };
};
