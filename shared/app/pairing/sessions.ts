import type { Deps } from '../deps';

/**
 * Ends a session at the provider after the pairing ended in the table. The table is the truth: a
 * provider that cannot be reached now leaves a session whose events are dropped as unknown.
 */
export const endSession = async (deps: Pick<Deps, 'sessions'>, sessionName: string) => {
  await deps.sessions.remove(sessionName).catch(() => undefined);
};
