import { inboxPage } from '../../../shared/domain/notifications/notification';
import {
  defaultPreferences,
  type NotificationPreferences,
} from '../../../shared/domain/notifications/preferences';
import type {
  Device,
  GuardianNotificationSettings,
  Inbox,
  NotificationDelivery,
  NotificationSettingsStore,
  OutgoingNotification,
  PushRegistry,
  Recipient,
} from '../../../shared/ports/notifications';
import { requireThat, transaction, type FakeTable } from './table';
import { memberCopies } from './user-store';

/**
 * A guardian's inbox over the table's entries (written with seat changes): newest first by id, the
 * unread count, marking read once.
 */
export const fakeInbox = (table: FakeTable): Inbox => {
  const entries = (userUid: string) => table.inbox.get(userUid) ?? [];
  const unread = (userUid: string) => entries(userUid).filter((entry) => entry.readAt === null).length;
  return {
    page: async (userUid, cursor) => {
      const newestFirst = entries(userUid)
        .toSorted((a, b) => b.id.localeCompare(a.id))
        .filter((entry) => cursor === null || entry.id < cursor);
      return inboxPage(structuredClone(newestFirst), unread(userUid));
    },
    unread: async (userUid) => unread(userUid),
    markRead: async (userUid, notificationId, now) => {
      const entry = entries(userUid).find((one) => one.id === notificationId);
      if (entry === undefined) return false;
      entry.readAt ??= now.toISOString();
      return true;
    },
    markAllRead: async (userUid, now) => {
      for (const entry of entries(userUid)) entry.readAt ??= now.toISOString();
    },
  };
};

interface StoredSettings {
  preferences: NotificationPreferences;
  devices: readonly Device[];
  devicesRevision: number;
}

/** Each guardian's preferences and devices; a guardian who never chose has the defaults. */
export const fakeNotificationSettings = (
  table: FakeTable,
): NotificationSettingsStore & { stored: Map<string, StoredSettings> } => {
  const stored = new Map<string, StoredSettings>();
  const settingsOf = (userUid: string): GuardianNotificationSettings =>
    structuredClone(
      stored.get(userUid) ?? { preferences: defaultPreferences(), devices: [], devicesRevision: 0 },
    );
  return {
    stored,
    get: async (userUid) => settingsOf(userUid),
    getMany: async (userUids) => new Map(userUids.map((userUid) => [userUid, settingsOf(userUid)])),
    recipients: async (userUids) =>
      new Map(
        userUids.map((userUid) => [
          userUid,
          { name: table.users.get(userUid)?.name ?? null, settings: settingsOf(userUid) },
        ]),
      ),
    savePreferences: async (userUid, preferences, memberOf) => {
      const copies = memberCopies(table, userUid, memberOf, { alertChannels: preferences.alerts });
      transaction(
        [copies.check],
        [
          () => stored.set(userUid, { ...settingsOf(userUid), preferences: structuredClone(preferences) }),
          copies.apply,
        ],
      );
    },
    saveDevices: async (userUid, revision, devices) => {
      transaction(
        [() => requireThat(settingsOf(userUid).devicesRevision === revision, 'the devices are as read')],
        [
          () =>
            stored.set(userUid, {
              ...settingsOf(userUid),
              devices: structuredClone([...devices]),
              devicesRevision: revision + 1,
            }),
        ],
      );
    },
  };
};

/** Push endpoints named after their device; `registered` is what the platform holds now. */
export const fakePushRegistry = (): PushRegistry & { registered: Map<string, string> } => {
  const registered = new Map<string, string>();
  return {
    registered,
    register: async (platform, token, deviceUid) => {
      const endpoint = `endpoint:${platform}:${deviceUid}`;
      registered.set(endpoint, token);
      return endpoint;
    },
    unregister: async (endpointArn) => {
      registered.delete(endpointArn);
    },
  };
};

/** The e-mails and pushes delivered, each notification with its recipients. */
export const fakeNotifier = (): NotificationDelivery & {
  delivered: { notification: OutgoingNotification; recipients: readonly Recipient[] }[];
} => {
  const delivered: { notification: OutgoingNotification; recipients: readonly Recipient[] }[] = [];
  return {
    delivered,
    deliver: async (notification, recipients) => {
      delivered.push(structuredClone({ notification, recipients }));
    },
  };
};
