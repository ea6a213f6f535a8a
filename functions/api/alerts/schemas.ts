import * as z from '../../../shared/validation/z';
import type { GroupRequests } from '../contract';

/** Notification ids are ULIDs; the cursor is the last one of the previous page. */
export const ulid = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a notification id'));

/** The schemas each alerts operation validates with, keyed by the route table's operation names. */
export const requests = {
  listNotifications: { query: z.strictObject({ cursor: z.optional(ulid) }) },
  readNotification: { params: z.object({ id: ulid }) },
  readAllNotifications: {},
} satisfies GroupRequests<'alerts'>;
