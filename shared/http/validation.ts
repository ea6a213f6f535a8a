import type * as z from 'zod';
import { fail } from '../domain/errors';

/** zod's issues as the spec's VALIDATION message: each problem as `path: problem`, joined by `; `. */
export const validationMessage = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .map((issue) => {
      const path = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') return `${path}: unknown field(s) ${issue.keys.join(', ')}`;
      return `${path}: ${issue.message}`;
    })
    .join('; ');

export const parseWith = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
  const result = schema.safeParse(value);
  if (!result.success) throw fail('VALIDATION', undefined, validationMessage(result.error.issues));
  return result.data;
};
