import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { alert, alertCounts, count, excerpt, notification, notificationPreferences } from '../answers';
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
  listAlerts: {
    summary: "A page of the account's alerts, newest first, with the counts per status",
    description:
      "Filters: `status`, `seatUid`. `limit` 1 to 100 (50 unless given). Pages with `?cursor=` set to the previous page's `nextCursor`, with the same limit and filters; `nextCursor` null means the end. A broken cursor, or one reused with another limit or filter, is `BAD_REQUEST`. `counts` apply the same filters but `status`. The status indexes follow a decision within a moment (eventually consistent); the unfiltered list and the counts at once.",
    success: {
      200: {
        data: z.array(alert),
        beside: { nextCursor: z.nullable(z.string()), counts: alertCounts },
      },
    },
    errors: ['NOT_FOUND'],
  },
  resolveAlert: {
    summary: 'Resolve an open alert',
    success: { 200: { data: alert } },
    errors: ['NOT_FOUND', 'ALERT_NOT_OPEN', 'CONFLICT'],
  },
  dismissAlert: {
    summary: 'Dismiss an open alert',
    success: { 200: { data: alert } },
    errors: ['NOT_FOUND', 'ALERT_NOT_OPEN', 'CONFLICT'],
  },
  readAlertExcerpt: {
    summary: "The alert's minimal excerpt, rate limited per guardian and audited",
    description:
      "Every read is written to the operators' audit trail (who, which alert, when; never text) and counted on the person's protection view.",
    success: { 200: { data: excerpt } },
    errors: ['RATE_LIMITED', 'NOT_FOUND', 'SEAT_KEY_GONE', 'EXCERPT_GONE'],
  },
} satisfies GroupResponses<'alerts'>;
