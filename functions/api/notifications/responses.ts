import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { count, notification, notificationPreferences } from '../answers';
import { ulid } from './schemas';

export const responses = {
  listNotifications: {
    summary: "The caller's 50 newest notifications and the unread count",
    description:
      "Pages with `?cursor=` set to the previous page's `nextCursor`; `nextCursor` null means the end.",
    success: {
      200: {
        data: z.strictObject({
          notifications: z.array(notification),
          nextCursor: z.nullable(ulid),
          unread: count,
        }),
      },
    },
    errors: [],
  },
  readNotification: {
    summary: 'Mark one notification read',
    success: { 204: { empty: true } },
    errors: ['NOT_FOUND'],
  },
  getNotificationPreferences: {
    summary: "The caller's notification channels per category",
    description:
      'Every channel is on until changed. `criticalTypes` reach the inbox and push whatever the preferences.',
    success: { 200: { data: notificationPreferences } },
    errors: [],
  },
  updateNotificationPreferences: {
    summary: "Change some of the caller's notification channels",
    description:
      'A partial change: the channels sent change, the others keep their value. An unknown category is `VALIDATION`.',
    success: { 200: { data: notificationPreferences } },
    errors: [],
  },
  readAllNotifications: {
    summary: "Mark all the caller's notifications read",
    success: { 204: { empty: true } },
    errors: [],
  },
} satisfies GroupResponses<'notifications'>;
