import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../shared/domain/errors';
import {
  cursorAfter,
  encodeCursor,
  nextCursor,
  type PageScope,
} from '../../../shared/domain/pagination/cursor';

const scope: PageScope = {
  list: 'alerts',
  limit: 2,
  order: 'newest_first',
  filters: { status: 'open', seatUid: null },
};

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof ServiceError ? error.code : 'not a service error';
  }
  return undefined;
};

describe('the cursor helper', () => {
  it('gives a cursor only after a full page, naming its last id', () => {
    expect(nextCursor(scope, [{ id: 'a' }], (item) => item.id)).toBeNull();
    expect(nextCursor(scope, [], (item: { id: string }) => item.id)).toBeNull();
    const cursor = nextCursor(scope, [{ id: 'a' }, { id: 'b' }], (item) => item.id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursorAfter(scope, cursor)).toBe('b');
  });

  it('reads no cursor as the first page', () => {
    expect(cursorAfter(scope, undefined)).toBeNull();
    expect(cursorAfter(scope, null)).toBeNull();
  });

  it('is base64url JSON of the list, the limit, the order, the filters and the last id', () => {
    const body: unknown = JSON.parse(Buffer.from(encodeCursor(scope, 'x'), 'base64url').toString('utf8'));
    expect(body).toEqual({
      t: 'alerts',
      l: 2,
      o: 'newest_first',
      f: { status: 'open', seatUid: null },
      a: 'x',
    });
  });

  it('treats an absent filter and a null one alike', () => {
    const cursor = encodeCursor({ ...scope, filters: { status: 'open' } }, 'x');
    expect(cursorAfter(scope, cursor)).toBe('x');
  });

  it.each([
    ['another limit', { ...scope, limit: 3 }],
    ['another filter', { ...scope, filters: { status: 'resolved', seatUid: null } }],
    ['a filter added', { ...scope, filters: { status: 'open', seatUid: 'st_x' } }],
    ['another order', { ...scope, order: 'oldest_first' as const }],
    ['another list', { ...scope, list: 'users' }],
  ])('refuses a cursor reused with %s', (_, other) => {
    expect(codeOf(() => cursorAfter(other, encodeCursor(scope, 'x')))).toBe('BAD_REQUEST');
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['JSON of another shape', Buffer.from(JSON.stringify({ t: 'alerts' })).toString('base64url')],
    [
      'an empty last id',
      Buffer.from(JSON.stringify({ t: 'alerts', l: 2, o: 'newest_first', f: {}, a: '' })).toString(
        'base64url',
      ),
    ],
    ['an empty string', ''],
  ])('refuses a broken cursor: %s', (_, cursor) => {
    expect(codeOf(() => cursorAfter(scope, cursor))).toBe('BAD_REQUEST');
  });
});
