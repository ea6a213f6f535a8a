import { fail } from '../errors';

/**
 * The pagination contract of every paginated route: the client sends back the previous page's
 * `nextCursor` (absent for the first page), with the same limit and filters. The cursor is opaque to
 * clients: base64url JSON of the list it walks, the last id of the page it follows, the limit, the
 * order, and the filters it was made with. A cursor that does not decode, or that was made for
 * another list, limit, order or filter, is refused (`BAD_REQUEST`) rather than read as something
 * else: a page walked with changed filters would skip or repeat items.
 */
export const DEFAULT_PAGE_LIMIT = 50;

export type PageOrder = 'newest_first' | 'oldest_first';

/** What a cursor is bound to: the request's list, limit, order and filters (null = not filtered). */
export interface PageScope {
  /** The list (table or kind) walked, e.g. `alerts`. */
  list: string;
  limit: number;
  order: PageOrder;
  filters: Readonly<Record<string, string | null>>;
}

interface CursorBody {
  t: string;
  l: number;
  o: PageOrder;
  f: Record<string, string | null>;
  /** The last id of the page the cursor follows. */
  a: string;
}

const sameFilters = (
  a: Readonly<Record<string, string | null>>,
  b: Readonly<Record<string, string | null>>,
) => {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].every((name) => (a[name] ?? null) === (b[name] ?? null));
};

const isCursorBody = (value: unknown): value is CursorBody => {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  const filters = body['f'];
  return (
    typeof body['t'] === 'string' &&
    typeof body['l'] === 'number' &&
    (body['o'] === 'newest_first' || body['o'] === 'oldest_first') &&
    typeof body['a'] === 'string' &&
    body['a'].length > 0 &&
    typeof filters === 'object' &&
    filters !== null &&
    !Array.isArray(filters) &&
    Object.values(filters).every((filter) => filter === null || typeof filter === 'string')
  );
};

/** The cursor that follows a page ending at `lastId`. */
export const encodeCursor = (scope: PageScope, lastId: string): string => {
  const body: CursorBody = {
    t: scope.list,
    l: scope.limit,
    o: scope.order,
    f: { ...scope.filters },
    a: lastId,
  };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
};

const broken = () => fail('BAD_REQUEST', undefined, 'The cursor is not valid for this request.');

/**
 * The last id of the page a cursor follows; null without a cursor (the first page). `BAD_REQUEST`
 * for a cursor that does not decode or that was made for another list, limit, order or filter.
 */
export const cursorAfter = (scope: PageScope, cursor: string | null | undefined): string | null => {
  if (cursor === null || cursor === undefined) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw broken();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw broken();
  }
  if (!isCursorBody(body)) throw broken();
  if (
    body.t !== scope.list ||
    body.l !== scope.limit ||
    body.o !== scope.order ||
    !sameFilters(body.f, scope.filters)
  )
    throw broken();
  return body.a;
};

/** The next page's cursor: only after a full page (a shorter one is the last), else null. */
export const nextCursor = <T>(
  scope: PageScope,
  page: readonly T[],
  idOf: (item: T) => string,
): string | null => {
  const last = page.at(-1);
  return page.length < scope.limit || last === undefined ? null : encodeCursor(scope, idOf(last));
};
