import { criticalTypes } from '../../domain/notifications/notification';
import {
  mergePreferences,
  type NotificationPreferences,
  type PreferencesPatch,
} from '../../domain/notifications/preferences';
import type { Caller, Deps } from '../deps';
import { retryOnConflict } from '../retry-on-conflict';

type PreferencesDeps = Pick<Deps, 'notificationSettings'>;

const preferencesView = (categories: NotificationPreferences) => ({ categories, criticalTypes });

/** `GET /notifications/preferences`: the caller's channels per category (all on until changed). */
export const getNotificationPreferences = async (deps: PreferencesDeps, caller: Caller) =>
  preferencesView((await deps.notificationSettings.get(caller.userUid)).preferences);

/**
 * `PUT /notifications/preferences`: the channels given change, the others keep their value. Two
 * changes at once both land on the stored choices as each read them; the later one wins per write,
 * as a guardian's own two taps would. The `alerts` channels are copied onto the user's member items
 * in the same write (what the protection card shows); a family joined or left meanwhile reads again.
 */
export const updateNotificationPreferences = async (
  deps: PreferencesDeps & Pick<Deps, 'families'>,
  caller: Caller,
  patch: PreferencesPatch,
) =>
  retryOnConflict(async () => {
    const [{ preferences }, memberships] = await Promise.all([
      deps.notificationSettings.get(caller.userUid),
      deps.families.listForUser(caller.userUid),
    ]);
    const merged = mergePreferences(preferences, patch);
    await deps.notificationSettings.savePreferences(
      caller.userUid,
      merged,
      memberships.map((each) => each.accountUid),
    );
    return preferencesView(merged);
  });
