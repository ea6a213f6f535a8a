import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { functionGroups, handlerEntry, routes } from '../../../infra/routes';
import { pathMatcher, routeKey } from '../../../shared/http/route-match';

describe('the route table', () => {
  it('declares no route twice', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('matches each path to one route of its method, so the order of the rows does not matter', () => {
    for (const route of routes) {
      const path = route.path.replace(/\{\w+\}/g, 'x1');
      const matching = routes.filter(
        (other) => other.method === route.method && pathMatcher(other.path)(path),
      );
      expect(matching.map(routeKey), path).toEqual([routeKey(route)]);
    }
  });

  it('points every group at a handler module that exists', () => {
    for (const group of functionGroups) expect(existsSync(handlerEntry(group))).toBe(true);
  });

  it('matches paths and extracts their parameters', () => {
    expect(pathMatcher('/accounts/{uid}/members/{memberUid}')('/accounts/acc_1/members/usr_2')).toEqual({
      uid: 'acc_1',
      memberUid: 'usr_2',
    });
    expect(pathMatcher('/seats/{uid}')('/seats/a/b')).toBeNull();
  });

  it('decodes percent-encoded parameters and matches nothing when the encoding is malformed', () => {
    expect(pathMatcher('/seats/{uid}')('/seats/st%5Fx%C3%A9')).toEqual({ uid: 'st_xé' });
    expect(pathMatcher('/seats/{uid}')('/seats/%E0%A4%A')).toBeNull();
    expect(pathMatcher('/seats/{uid}')('/seats/%')).toBeNull();
  });
});
