import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import type { Deps } from '../deps';

/** A session to delete at the provider, as the session-ends queue carries it. */
export const sessionEnd = onFirstUse(() => z.object({ sessionName: z.string().check(z.minLength(1)) }));
export type SessionEnd = z.infer<typeof sessionEnd>;

/**
 * Ends a session at the provider after the pairing ended in the table (the table is the truth: the
 * session's later events are dropped as unknown): handed to the session-ends worker through its
 * queue, which asks the provider again until it confirms, so the person's WhatsApp is not left
 * linked (docs/security.md). A queue that refuses it fails the caller, as any queue send does.
 */
export const endSession = async (deps: Pick<Deps, 'sessionEnds'>, sessionName: string) => {
  const end: SessionEnd = { sessionName };
  await deps.sessionEnds.send([{ body: JSON.stringify(end) }]);
};

/**
 * The worker's one try: the provider deletes the session (a 2xx) or has none by that name (404,
 * already gone): either ends it. Anything else throws, and the message comes back.
 */
export const removeSession = (deps: Pick<Deps, 'sessions'>, end: SessionEnd): Promise<void> =>
  deps.sessions.remove(end.sessionName);
