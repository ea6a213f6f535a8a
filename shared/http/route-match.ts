import { decodePathSegment } from './request';

/**
 * How a request finds its row of a route table (infra/routes.ts): API Gateway's route key, which a
 * group's router matches on, and the path matching the local stack and the contract checks do as
 * API Gateway does. Kept apart from the table's IAM grants so an API function bundles only this.
 */

/** API Gateway's route key, e.g. `GET /seats/{uid}`: what the handler's router matches on. */
export const routeKey = (route: { method: string; path: string }): string => `${route.method} ${route.path}`;

/**
 * Path template to a matcher: `/seats/{uid}` matches `/seats/st_x` with `{ uid: 'st_x' }`. A
 * parameter whose percent-encoding is malformed matches nothing (the `$default` route answers it).
 */
export const pathMatcher = (path: string): ((actual: string) => Record<string, string> | null) => {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return (actual) => {
    const match = pattern.exec(actual);
    if (match === null) return null;
    const values = names.map((_, index) => decodePathSegment(match[index + 1] ?? ''));
    if (values.some((value) => value === null)) return null;
    return Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']));
  };
};
