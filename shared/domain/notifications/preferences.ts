import {
  isCritical,
  notificationCategories,
  type Notification,
  type NotificationCategory,
} from './notification';

/**
 * A guardian's notification preferences: per category, whether the inbox, e-mail and push carry it.
 * Everything is on until the guardian turns it off; critical types reach the inbox and push anyway
 * (a guardian who turned them off still learns that protection stopped).
 */
export const notificationChannels = ['inbox', 'email', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
export type Channels = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationCategory, Channels>;
/** What `PUT /notifications/preferences` takes, and what is stored: only what the guardian said. */
export type PreferencesPatch = Partial<Record<NotificationCategory, Partial<Channels>>>;

const allOn: Channels = { inbox: true, email: true, push: true };

export const defaultPreferences = (): NotificationPreferences =>
  Object.fromEntries(
    notificationCategories.map((category) => [category, { ...allOn }]),
  ) as NotificationPreferences;

/** The stored choices over the defaults, then the patch over both; a channel left out keeps its value. */
export const mergePreferences = (
  current: NotificationPreferences,
  patch: PreferencesPatch,
): NotificationPreferences =>
  Object.fromEntries(
    notificationCategories.map((category) => [category, { ...current[category], ...patch[category] }]),
  ) as NotificationPreferences;

/**
 * The channels a notification takes for a guardian with these preferences: a critical type, or a
 * notification its change made critical (an alert opened high), always reaches the inbox and push.
 */
export const channelsOf = (
  preferences: NotificationPreferences,
  notification: Pick<Notification, 'type' | 'category' | 'severity'>,
): Channels => {
  const chosen = preferences[notification.category];
  return notification.severity === 'critical' || isCritical(notification.type)
    ? { ...chosen, inbox: true, push: true }
    : chosen;
};
