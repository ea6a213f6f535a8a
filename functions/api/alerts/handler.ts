import { dismissAlert, listAlerts, resolveAlert } from '../../../shared/app/alerts/alerts';
import { readAlertExcerpt } from '../../../shared/app/alerts/excerpt';
import { bearerOperation, ok } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { alertsWiring, deps } from '../../composition/api';
import { requests } from './schemas';

const { seatKeys, wrappedKeys } = alertsWiring();

export const handler = apiHandler('alerts', {
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
