import { readProviderMessage } from '../../domain/pairing/provider-message';
import type { SessionMessageEvent } from '../../ports/session-provider';
import { retryOnConflict } from '../retry-on-conflict';
import { sessionOwner } from '../session-owner';
import { analyseMessage, type AnalysisDeps, type BatchMemory, type MessageOutcome } from './analyse-message';

/** What became of a live message: `unknown_session` when no live pairing owns its session. */
export type LiveMessageOutcome = MessageOutcome | 'unknown_session';

/**
 * A message a session reports, as the session-events worker hands it over: only a live pairing's
 * (`paired`, or `degraded` while it reconnects) is read. Status broadcasts and messages without
 * text are dropped unread; the rest is analysed once by its own id whichever event brings it
 * (`message` and `message.any` both bring an incoming one, minutes apart at times); `memory` is
 * what the worker's batch keeps of them.
 */
export const analyseLiveMessage = (
  deps: AnalysisDeps,
  memory: BatchMemory,
  event: SessionMessageEvent,
): Promise<LiveMessageOutcome> =>
  // A seat moved by a concurrent command (the person's stop, a guardian's pause) is read again.
  retryOnConflict(async () => {
    const owner = await sessionOwner(deps, event.envelope);
    if (owner === null) return 'unknown_session';
    const { family, seat, pairing } = owner;
    if (pairing.status !== 'paired' && pairing.status !== 'degraded') return 'unknown_session';
    const own = [event.me?.id, event.me?.lid, event.me?.jid].filter(
      (id): id is string => typeof id === 'string',
    );
    const message = readProviderMessage(event.message, own);
    if (message === null) return 'dropped';
    return analyseMessage(deps, memory, family, seat, message);
  });
