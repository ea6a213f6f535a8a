import * as z from '../../../shared/validation/z';

/**
 * What makes a body a session-provider event: the envelope `{ id, event, session, me, payload }`.
 * Older providers may leave out `id`; then the body's own hash stands in for it when de-duplicating.
 */
export const sessionProviderEvent = z.looseObject({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  event: z.string().check(z.minLength(1), z.maxLength(100)),
  session: z.string().check(z.minLength(1), z.maxLength(200)),
  me: z.optional(z.nullable(z.looseObject({ id: z.string() }))),
  payload: z.record(z.string(), z.unknown()),
});
