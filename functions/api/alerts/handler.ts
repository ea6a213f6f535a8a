import {
  listNotifications,
  readAllNotifications,
  readNotification,
} from '../../../shared/app/notifications/inbox';
import { bearerOperation, noContent, ok } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps } from '../runtime';
import { requests } from './schemas';

export const handler = apiHandler('alerts', {
  listNotifications: bearerOperation({
    ...requests.listNotifications,
    run: async ({ query }, caller) => ok(await listNotifications(await deps(), caller, query.cursor ?? null)),
  }),
  readNotification: bearerOperation({
    ...requests.readNotification,
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
