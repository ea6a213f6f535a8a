import type {
  inboxPage,
  NotificationCategory,
  NotificationType,
  Severity,
} from '../domain/notifications/notification';
import type { NotificationPreferences } from '../domain/notifications/preferences';

/** What e-mail and push carry: the type, its category and the person's first name, never content. */
export interface OutgoingNotification {
  id: string;
  type: NotificationType;
  category: NotificationCategory;
  severity: Severity;
  seatUid: string | null;
  personFirstName: string | null;
}

/** A guardian an e-mail or a push goes to, as their preferences allow (null / empty: not that channel). */
export interface Recipient {
  userUid: string;
  email: string | null;
  /** The push endpoints of the guardian's devices. */
  pushEndpoints: readonly string[];
}

/** A send its channel refused: whose, which channel, and the error's name (never the address or endpoint). */
export interface DeliveryRefusal {
  channel: 'email' | 'push';
  userUid: string;
  error: string;
}

/**
 * E-mail and push, after the change that caused them is written. A send its channel refuses (SES
 * refusing an address, SNS a disabled endpoint, either one throttling past its retries) fails no
 * other send and not the change: it is reported and not retried, since a retry of the whole change
 * would repeat what did reach.
 */
export interface NotificationDelivery {
  deliver(notification: OutgoingNotification, recipients: readonly Recipient[]): Promise<void>;
}

/** A guardian's inbox. Entries are written with the change that caused them (see `SeatChangeExtras`). */
export interface Inbox {
  page(userUid: string, cursor: string | null): Promise<ReturnType<typeof inboxPage>>;
  /** How many of the user's notifications are unread (the counter alone, one read). */
  unread(userUid: string): Promise<number>;
  /** False when the user has no such notification. Marking twice is harmless. */
  markRead(userUid: string, notificationId: string, now: Date): Promise<boolean>;
  markAllRead(userUid: string, now: Date): Promise<void>;
}

export const devicePlatforms = ['ios', 'android'] as const;
export type DevicePlatform = (typeof devicePlatforms)[number];

/**
 * A guardian's phone that receives push. The token itself is kept only as a keyed hash (to find the
 * same token again) and wrapped (encrypted, for a new endpoint if the platform drops one).
 */
export interface Device {
  uid: string;
  platform: DevicePlatform;
  tokenHash: string;
  wrappedToken: string;
  /** The push platform's endpoint for the token (a log address locally). */
  endpointArn: string;
  createdAt: string;
}

/** What a sender needs of a guardian: their preferences and their devices. */
export interface GuardianNotificationSettings {
  preferences: NotificationPreferences;
  devices: readonly Device[];
  /** Counts the device list's writes: a write over a list read earlier checks it. */
  devicesRevision: number;
}

/**
 * Each guardian's notification settings: one small item per user, so a sender reads every recipient's
 * in one batch read.
 */
export interface NotificationSettingsStore {
  get(userUid: string): Promise<GuardianNotificationSettings>;
  /** One read for all of them; a guardian who never chose anything has the defaults. */
  getMany(userUids: readonly string[]): Promise<Map<string, GuardianNotificationSettings>>;
  /**
   * The card's recipients: each one's settings and the name of their profile (null until they give
   * one), in the same one batch read.
   */
  recipients(
    userUids: readonly string[],
  ): Promise<Map<string, { name: string | null; settings: GuardianNotificationSettings }>>;
  /** Saves the choices, and their `alerts` channels on the user's member items (`Member.alertChannels`). */
  savePreferences(
    userUid: string,
    preferences: NotificationPreferences,
    memberOf: readonly string[],
  ): Promise<void>;
  /** Writes the devices if the list is still the one read at `revision` (`StaleWrite` otherwise). */
  saveDevices(userUid: string, revision: number, devices: readonly Device[]): Promise<void>;
}

/** The push platform: an endpoint per device token (SNS platform endpoints in AWS). */
export interface PushRegistry {
  /** The endpoint that delivers to this token (named after the device, never after the token). */
  register(platform: DevicePlatform, token: string, deviceUid: string): Promise<string>;
  unregister(endpointArn: string): Promise<void>;
}
