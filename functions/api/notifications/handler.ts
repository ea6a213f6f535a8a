import {
  listNotifications,
  readAllNotifications,
  readNotification,
} from '../../../shared/app/notifications/inbox';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../../../shared/app/notifications/preferences';
import { bearerOperation, noContent, ok } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps } from '../../composition/api';
import { requests } from './schemas';

export const handler = apiHandler('notifications', {
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
  getNotificationPreferences: bearerOperation({
    run: async (_input, caller) => ok(await getNotificationPreferences(await deps(), caller)),
  }),
  updateNotificationPreferences: bearerOperation({
    ...requests.updateNotificationPreferences,
    run: async ({ body }, caller) =>
      ok(await updateNotificationPreferences(await deps(), caller, body.categories)),
  }),
  readAllNotifications: bearerOperation({
    run: async (_input, caller) => {
      await readAllNotifications(await deps(), caller);
      return noContent();
    },
  }),
});
