import { fail } from '../errors';

/** A place in a list sorted by instant then id: the cursor kind of users, connections, consents, audit. */
export interface InstantPlace {
  at: string;
  id: string;
}

/** The instant+id cursor kind: the last item's instant, then its id. */
export const instantPlaceOf = (place: InstantPlace): string => `${place.at}|${place.id}`;
export const instantPlaceAfter = (cursorId: string | null): InstantPlace | null => {
  if (cursorId === null) return null;
  const [at, id, ...rest] = cursorId.split('|');
  if (at === undefined || id === undefined || id === '' || rest.length > 0 || Number.isNaN(Date.parse(at))) {
    throw fail('BAD_REQUEST', undefined, 'The cursor is not valid for this request.');
  }
  return { at, id };
};
