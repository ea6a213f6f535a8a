import { BatchGetCommand, GetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import { notificationCategories } from '../../domain/notifications/notification';
import {
  defaultPreferences,
  mergePreferences,
  notificationChannels,
  type PreferencesPatch,
} from '../../domain/notifications/preferences';
import {
  devicePlatforms,
  type GuardianNotificationSettings,
  type NotificationSettingsStore,
} from '../../ports/notifications';
import type { TableAccess } from './client';
import { toUser } from './items';
import { itemTypes, keys, type Key } from './keys';
import { memberCopies, transact } from './transact';

const channels = onFirstUse(() => z.partialRecord(z.enum(notificationChannels), z.boolean()));
const settingsItem = onFirstUse(() =>
  z.looseObject({
    preferences: z.optional(z.partialRecord(z.enum(notificationCategories), channels)),
    devices: z.optional(
      z.array(
        z.object({
          uid: z.string(),
          platform: z.enum(devicePlatforms),
          tokenHash: z.string(),
          wrappedToken: z.string(),
          endpointArn: z.string(),
          createdAt: z.string(),
        }),
      ),
    ),
    devicesRevision: z.optional(z.number()),
  }),
);

/** A stored item over the defaults: a category added later starts all on. */
const toSettings = (item: Record<string, unknown> | undefined): GuardianNotificationSettings => {
  const stored = settingsItem.parse(item ?? {});
  return {
    preferences: mergePreferences(defaultPreferences(), (stored.preferences ?? {}) as PreferencesPatch),
    devices: stored.devices ?? [],
    devicesRevision: stored.devicesRevision ?? 0,
  };
};

/** BatchGetItem's limit of keys per call; a family has a handful of members. */
const BATCH_KEYS = 100;

/**
 * The items of these keys (each key a partition's only item, so found by its PK), in one
 * BatchGetItem per 100 keys; unprocessed keys (throttling) are asked again until every one is read.
 */
const batchRead = async (table: TableAccess, wanted: readonly Key[]) => {
  const found = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < wanted.length; start += BATCH_KEYS) {
    let requested: readonly Record<string, unknown>[] | undefined = wanted
      .slice(start, start + BATCH_KEYS)
      .map((key): Record<string, unknown> => ({ ...key }));
    while (requested !== undefined && requested.length > 0) {
      const answer: BatchGetCommandOutput = await table.doc.send(
        new BatchGetCommand({ RequestItems: { [table.tableName]: { Keys: [...requested] } } }),
      );
      for (const item of answer.Responses?.[table.tableName] ?? []) found.set(String(item.PK), item);
      requested = answer.UnprocessedKeys?.[table.tableName]?.Keys;
    }
  }
  return found;
};

/**
 * Guardians' notification settings: one item per user (`INBOX#<user>/SETTINGS`). Preferences and
 * devices are separate attributes, each written by its own update, so a preference change never
 * races a device change.
 */
export const dynamoNotificationSettings = (table: TableAccess): NotificationSettingsStore => ({
  async get(userUid) {
    const { Item } = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.notificationSettings(userUid),
        ConsistentRead: true,
      }),
    );
    return toSettings(Item);
  },

  async getMany(userUids) {
    const unique = [...new Set(userUids)];
    const found = await batchRead(table, unique.map(keys.notificationSettings));
    return new Map(
      unique.map((userUid) => [userUid, toSettings(found.get(keys.notificationSettings(userUid).PK))]),
    );
  },

  async recipients(userUids) {
    const unique = [...new Set(userUids)];
    const found = await batchRead(table, [
      ...unique.map(keys.notificationSettings),
      ...unique.map(keys.user),
    ]);
    return new Map(
      unique.map((userUid) => {
        const user = found.get(keys.user(userUid).PK);
        return [
          userUid,
          {
            name: user === undefined ? null : toUser(user).name,
            settings: toSettings(found.get(keys.notificationSettings(userUid).PK)),
          },
        ];
      }),
    );
  },

  async savePreferences(userUid, preferences, memberOf) {
    await transact(table, [
      {
        Update: {
          TableName: table.tableName,
          Key: keys.notificationSettings(userUid),
          UpdateExpression: 'SET #type = :type, preferences = :preferences',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': itemTypes.notificationSettings, ':preferences': preferences },
        },
      },
      ...memberCopies(table, userUid, memberOf, { alertChannels: preferences.alerts }),
    ]);
  },

  async saveDevices(userUid, revision, devices) {
    await transact(table, [
      {
        Update: {
          TableName: table.tableName,
          Key: keys.notificationSettings(userUid),
          UpdateExpression: 'SET #type = :type, devices = :devices, devicesRevision = :next',
          ConditionExpression: 'attribute_not_exists(devicesRevision) OR devicesRevision = :read',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':type': itemTypes.notificationSettings,
            ':devices': devices,
            ':read': revision,
            ':next': revision + 1,
          },
        },
      },
    ]);
  },
});
