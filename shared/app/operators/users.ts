import { cursorAfter, nextCursor, type PageScope } from '../../domain/pagination/cursor';
import { maskEmail } from '../../domain/people/email';
import type { User } from '../../domain/users/user';
import type { BackofficeLists } from '../../ports/operators';
import { instantPlaceAfter, instantPlaceOf } from '../../domain/pagination/instant-place';
import type { UserStore } from '../../ports/stores';
import type { Deps } from '../deps';
import { emailHashOf } from '../auth/sign-in';

/** What the backoffice shows of a user: never a name, the address masked. */
const userRow = (user: User) => ({ uid: user.uid, email: maskEmail(user.email), createdAt: user.createdAt });

/**
 * `GET /admin/users` (operator or owner): users newest first, 30 per page unless asked (at most 100),
 * each address masked; `?email=` finds the one user of that exact address by its keyed hash (the
 * address itself is never stored in the cursor).
 */
export const listUsers = async (
  deps: Pick<Deps, 'hasher'> & { users: Pick<UserStore, 'get' | 'uidByEmailHash'>; lists: BackofficeLists },
  query: { cursor?: string | undefined; limit: number; email?: string | undefined },
) => {
  const emailHash = query.email === undefined ? null : emailHashOf(deps, query.email);
  const scope: PageScope = {
    list: 'users',
    limit: query.limit,
    order: 'newest_first',
    filters: { email: emailHash },
  };
  const after = instantPlaceAfter(cursorAfter(scope, query.cursor));
  let page: User[];
  if (emailHash === null) page = await deps.lists.users({ after, limit: query.limit });
  else {
    const uid = after === null ? await deps.users.uidByEmailHash(emailHash) : null;
    const user = uid === null ? null : await deps.users.get(uid);
    page = user === null ? [] : [user];
  }
  return {
    users: page.map(userRow),
    nextCursor: nextCursor(scope, page, (user) => instantPlaceOf({ at: user.createdAt, id: user.uid })),
  };
};
