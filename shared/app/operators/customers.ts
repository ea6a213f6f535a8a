import { cursorAfter, nextCursor, type PageScope } from '../../domain/pagination/cursor';
import { offsetPlaceAfter, offsetPlaceOf } from '../../domain/pagination/offset-place';
import { maskEmail } from '../../domain/people/email';
import type { BackofficeLists } from '../../ports/operators';

/**
 * `GET /admin/customers` (operator or owner): who pays, each account's owner, newest account
 * first, 30 per page unless asked (at most 100), by the offset cursor kind: each row's `position`
 * in the list (from 1), the owner's address masked.
 */
export const listCustomers = async (
  deps: { lists: BackofficeLists },
  query: { cursor?: string | undefined; limit: number },
) => {
  const scope: PageScope = { list: 'customers', limit: query.limit, order: 'newest_first', filters: {} };
  const after = offsetPlaceAfter(cursorAfter(scope, query.cursor));
  const offset = after?.offset ?? 0;
  const owners = await deps.lists.customers({ after: after?.place ?? null, limit: query.limit });
  const rows = owners.map((owner, index) => ({
    position: offset + index + 1,
    accountUid: owner.accountUid,
    userUid: owner.userUid,
    email: maskEmail(owner.email),
    since: owner.joinedAt,
  }));
  return {
    customers: rows,
    nextCursor: nextCursor(scope, rows, (row) =>
      offsetPlaceOf({
        offset: row.position,
        place: { at: row.since, id: `${row.accountUid}#${row.userUid}` },
      }),
    ),
  };
};
