import { cursorAfter, nextCursor, type PageScope } from '../../domain/pagination/cursor';
import { instantPlaceAfter, instantPlaceOf, type InstantPlace } from '../../domain/pagination/instant-place';

/**
 * One page of a backoffice list sorted newest first by an instant then an id (the instant+id and
 * created_at+id cursor kinds): the cursor is checked against the list, limit and filters, the page
 * read after its place, and the next cursor made only after a full page.
 */
export const instantPage = async <T>(
  request: {
    list: string;
    limit: number;
    cursor?: string | undefined;
    filters?: Readonly<Record<string, string | null>>;
  },
  read: (after: InstantPlace | null) => Promise<T[]>,
  placeOf: (item: T) => InstantPlace,
): Promise<{ page: T[]; nextCursor: string | null }> => {
  const scope: PageScope = {
    list: request.list,
    limit: request.limit,
    order: 'newest_first',
    filters: request.filters ?? {},
  };
  const page = await read(instantPlaceAfter(cursorAfter(scope, request.cursor)));
  return { page, nextCursor: nextCursor(scope, page, (item) => instantPlaceOf(placeOf(item))) };
};
