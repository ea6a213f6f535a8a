import { fail } from '../../domain/errors';
import { eventSources } from '../../domain/events/event';
import { timelinePlaceOf } from '../../domain/operators/timeline';
import { cursorAfter, nextCursor, type PageScope } from '../../domain/pagination/cursor';
import type { BackofficeLists } from '../../ports/operators';

const broken = () => fail('BAD_REQUEST', undefined, 'The cursor is not valid for this request.');

/** A cursor's place must be one `timelinePlaceOf` made: an instant, a source, an id. */
const checkedPlace = (place: string | null): string | null => {
  if (place === null) return null;
  const [at, source, id, ...rest] = place.split('#');
  if (at === undefined || Number.isNaN(Date.parse(at)) || rest.length > 0 || id === undefined || id === '')
    throw broken();
  if (!(eventSources as readonly string[]).includes(source ?? '')) throw broken();
  return place;
};

/**
 * `GET /admin/seats/{uid}/timeline` (operator or owner): the seat's consent, pairing, import and
 * subscription events, newest first, 50 per page unless asked (at most 200); the type, the source
 * and the instant only, never a payload. An unknown seat has an empty timeline.
 */
export const seatTimeline = async (
  deps: { lists: BackofficeLists },
  seatUid: string,
  query: { cursor?: string | undefined; limit: number },
) => {
  const scope: PageScope = {
    list: 'timeline',
    limit: query.limit,
    order: 'newest_first',
    filters: { seat: seatUid },
  };
  const after = checkedPlace(cursorAfter(scope, query.cursor));
  const page = await deps.lists.timeline(seatUid, { after, limit: query.limit });
  return {
    events: page.map((event) => ({
      id: event.id,
      type: event.type,
      source: event.source,
      occurredAt: event.occurredAt,
    })),
    nextCursor: nextCursor(scope, page, timelinePlaceOf),
  };
};
