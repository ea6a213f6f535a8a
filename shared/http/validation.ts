import type * as z from '../validation/z';
import { fail } from '../domain/errors';

type Issue = z.core.$ZodIssue;

/**
 * A union's failure speaks for the alternative the input came closest to (fewest problems), with
 * the union's own path in front, so `{ email, code: 1 }` reads `code: expected string`, not
 * `body: Invalid input`.
 */
const flatten = (issue: Issue): Issue[] => {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
  return closest.flatMap((inner) => flatten({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
};

const describe = (issue: Issue): string => {
  const path = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return `${path}: unknown field(s) ${issue.keys.join(', ')}`;
  return `${path}: ${issue.message}`;
};

/** zod's issues as the VALIDATION message: each problem as `path: problem`, joined by `; `. */
export const validationMessage = (issues: readonly Issue[]): string =>
  issues.flatMap(flatten).map(describe).join('; ');

export const parseWith = <T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> => {
  const result = schema.safeParse(value);
  if (!result.success) throw fail('VALIDATION', undefined, validationMessage(result.error.issues));
  return result.data;
};
