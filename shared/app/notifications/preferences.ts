import { criticalTypes } from '../../domain/notifications/notification';
import {
  mergePreferences,
  type NotificationPreferences,
  type PreferencesPatch,
} from '../../domain/notifications/preferences';
import type { Caller, Deps } from '../deps';

type PreferencesDeps = Pick<Deps, 'notificationSettings'>;

const preferencesView = (categories: NotificationPreferences) => ({ categories, criticalTypes });

/** `GET /notifications/preferences`: the caller's channels per category (all on until changed). */
export const getNotificationPreferences = async (deps: PreferencesDeps, caller: Caller) =>
  preferencesView((await deps.notificationSettings.get(caller.userUid)).preferences);

/**
 * `PUT /notifications/preferences`: the channels given change, the others keep their value. Two
 * changes at once both land on the stored choices as each read them; the later one wins per write,
 * as a guardian's own two taps would.
 */
export const updateNotificationPreferences = async (
  deps: PreferencesDeps,
  caller: Caller,
  patch: PreferencesPatch,
) => {
  const { preferences } = await deps.notificationSettings.get(caller.userUid);
  const merged = mergePreferences(preferences, patch);
  await deps.notificationSettings.savePreferences(caller.userUid, merged);
  return preferencesView(merged);
};
