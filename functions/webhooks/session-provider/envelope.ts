import * as z from '../../../shared/validation/z';

/**
 * What makes a body a session-provider event: the envelope `{ id, event, session, payload }`.
 * Older providers may leave out `id`; then the body's own hash stands in for it when de-duplicating.
 * The rest (`me`, which may be null or lack its `id`, `metadata`) is the worker's to read: a part it
 * cannot read is unknown there, never a reason to refuse the event here.
 */
export const sessionProviderEvent = z.looseObject({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  event: z.string().check(z.minLength(1), z.maxLength(100)),
  session: z.string().check(z.minLength(1), z.maxLength(200)),
  payload: z.record(z.string(), z.unknown()),
});
