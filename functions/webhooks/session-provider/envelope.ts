import * as z from 'zod';

/**
 * What makes a body a session-provider event: the envelope `{ id, event, session, me, payload }`.
 * Older providers may leave out `id`; then the body's own hash stands in for it when de-duplicating.
 */
export const sessionProviderEvent = z
  .object({
    id: z.string().min(1).max(200).optional(),
    event: z.string().min(1).max(100),
    session: z.string().min(1).max(200),
    me: z.object({ id: z.string() }).loose().nullable().optional(),
    payload: z.record(z.string(), z.unknown()),
  })
  .loose();
