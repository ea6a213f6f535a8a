import * as z from '../../../shared/validation/z';
import { alertStatuses } from '../../../shared/domain/alerts/alert';
import { DEFAULT_PAGE_LIMIT } from '../../../shared/domain/pagination/cursor';
import { accountParams, uidParam } from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

/** Notification ids are ULIDs; the cursor is the last one of the previous page. */
export const ulid = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a notification id'));

const alertParams = z.object({ uid: uidParam });

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
/** The alert routes take `{}` or no body. */
const emptyBody = z.optional(z.strictObject({}));

/** A page of alerts: at most 100, 50 unless asked. The cursor is checked by the use case (`BAD_REQUEST`). */
const alertListQuery = z.strictObject({
  status: z.optional(z.enum(alertStatuses)),
  seatUid: z.optional(uidParam),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^(100|[1-9][0-9]?)$/, 'must be a whole number from 1 to 100')),
      z.transform(Number),
    ),
    DEFAULT_PAGE_LIMIT,
  ),
});

/** The schemas each alerts operation validates with, keyed by the route table's operation names. */
export const requests = {
  listNotifications: { query: z.strictObject({ cursor: z.optional(ulid) }) },
  readNotification: { params: z.object({ id: ulid }) },
  readAllNotifications: {},
  getNotificationPreferences: {},
  updateNotificationPreferences: { body: preferencesBody },
  listAlerts: { params: accountParams, query: alertListQuery },
  resolveAlert: { params: alertParams, body: emptyBody },
  dismissAlert: { params: alertParams, body: emptyBody },
  readAlertExcerpt: { params: alertParams, body: emptyBody },
} satisfies GroupRequests<'alerts'>;
