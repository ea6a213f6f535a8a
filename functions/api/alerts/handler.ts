import * as z from '../../../shared/validation/z';
import {
  listNotifications,
  readAllNotifications,
  readNotification,
} from '../../../shared/app/notifications/inbox';
import { bearerOperation, noContent, ok } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps } from '../runtime';

/** Notification ids are ULIDs; the cursor is the last one of the previous page. */
const ulid = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a notification id'));

export const handler = apiHandler('alerts', {
  listNotifications: bearerOperation({
    query: z.strictObject({ cursor: z.optional(ulid) }),
    run: async ({ query }, caller) => ok(await listNotifications(await deps(), caller, query.cursor ?? null)),
  }),
  readNotification: bearerOperation({
    params: z.object({ id: ulid }),
    run: async ({ params }, caller) => {
      await readNotification(await deps(), caller, params.id);
      return noContent();
    },
  }),
  readAllNotifications: bearerOperation({
    run: async (_input, caller) => {
      await readAllNotifications(await deps(), caller);
      return noContent();
    },
  }),
});
