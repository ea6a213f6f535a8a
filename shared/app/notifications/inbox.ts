import { fail } from '../../domain/errors';
import type { Caller, Deps } from '../deps';

/**
 * A guardian's notifications (`/notifications…`): the inbox is the caller's own, whichever family the
 * notification came from; another user's notification is 404 like one that does not exist.
 */
export const listNotifications = (deps: Pick<Deps, 'inbox'>, caller: Caller, cursor: string | null) =>
  deps.inbox.page(caller.userUid, cursor);

export const readNotification = async (
  deps: Pick<Deps, 'inbox' | 'clock'>,
  caller: Caller,
  notificationId: string,
) => {
  if (!(await deps.inbox.markRead(caller.userUid, notificationId, deps.clock.now()))) throw fail('NOT_FOUND');
};

export const readAllNotifications = (deps: Pick<Deps, 'inbox' | 'clock'>, caller: Caller) =>
  deps.inbox.markAllRead(caller.userUid, deps.clock.now());
