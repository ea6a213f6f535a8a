import * as z from '../../../shared/validation/z';
import type { GroupRequests } from '../contract';

/** Notification ids are ULIDs; the cursor is the last one of the previous page. */
export const ulid = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a notification id'));

const channelsPatch = z.strictObject({
  inbox: z.optional(z.boolean()),
  email: z.optional(z.boolean()),
  push: z.optional(z.boolean()),
});
/** A partial change of the preferences: an unknown category (or channel) is `VALIDATION`. */
const preferencesBody = z.strictObject({
  categories: z.strictObject({
    alerts: z.optional(channelsPatch),
    connection: z.optional(channelsPatch),
    consent: z.optional(channelsPatch),
    account: z.optional(channelsPatch),
  }),
});

/** The schemas each notifications operation validates with, keyed by the route table's operation names. */
export const requests = {
  listNotifications: { query: z.strictObject({ cursor: z.optional(ulid) }) },
  readNotification: { params: z.object({ id: ulid }) },
  readAllNotifications: {},
  getNotificationPreferences: {},
  updateNotificationPreferences: { body: preferencesBody },
} satisfies GroupRequests<'notifications'>;
