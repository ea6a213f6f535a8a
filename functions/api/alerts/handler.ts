import { dismissAlert, listAlerts, resolveAlert } from '../../../shared/app/alerts/alerts';
import { readAlertExcerpt } from '../../../shared/app/alerts/excerpt';
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
import { configuredWrappedKeys } from '../../seat-keys';
import { configFor } from '../../../shared/config/config';
import { deps, settings } from '../runtime';
import { seatKeys } from '../seat-keys';
import { requests } from './schemas';

// An excerpt opens its seat's key: its wrapped copy is read from the seat keys' table.
const wrappedKeys = configuredWrappedKeys(settings, configFor('wrappedKeys').wrappedKeys);

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
  listAlerts: bearerOperation({
    ...requests.listAlerts,
    run: async ({ params, query }, caller) => {
      const { data, ...beside } = await listAlerts(await deps(), caller, params.uid, query);
      return ok(data, beside);
    },
  }),
  resolveAlert: bearerOperation({
    ...requests.resolveAlert,
    run: async ({ params }, caller) => ok(await resolveAlert(await deps(), caller, params.uid)),
  }),
  dismissAlert: bearerOperation({
    ...requests.dismissAlert,
    run: async ({ params }, caller) => ok(await dismissAlert(await deps(), caller, params.uid)),
  }),
  readAlertExcerpt: bearerOperation({
    ...requests.readAlertExcerpt,
    run: async ({ params }, caller) =>
      ok(
        await readAlertExcerpt(
          { ...(await deps()), seatKeys: await seatKeys(), wrappedKeys },
          caller,
          params.uid,
        ),
      ),
  }),
});
