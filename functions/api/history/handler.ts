import { acceptOffer, askForImport, latestImport, leaveQueue } from '../../../shared/app/history/imports';
import { personLinkAccess } from '../../../shared/app/pairing/person-link';
import { seatFor } from '../../../shared/app/family-access';
import { bearerOperation, created, noContent, ok, publicOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps } from './deps';
import { requests } from './schemas';

export const handler = apiHandler('history', {
  getHistoryImport: bearerOperation({
    ...requests.getHistoryImport,
    run: async ({ params }, caller) => ok(await latestImport(await deps(), caller, params.uid)),
  }),
  requestHistoryImport: bearerOperation({
    ...requests.requestHistoryImport,
    run: async ({ params }, caller) => {
      const asked = await askForImport(await deps(), caller, params.uid);
      return asked.created ? created(asked.view) : ok(asked.view);
    },
  }),
  acceptHistoryImport: bearerOperation({
    ...requests.acceptHistoryImport,
    run: async ({ params }, caller) => {
      const ready = await deps();
      return ok(await acceptOffer(ready, () => seatFor(ready, caller, params.uid)));
    },
  }),
  cancelHistoryImport: bearerOperation({
    ...requests.cancelHistoryImport,
    run: async ({ params }, caller) => {
      await leaveQueue(await deps(), caller, params.uid);
      return noContent();
    },
  }),
  acceptPersonHistoryImport: publicOperation({
    ...requests.acceptPersonHistoryImport,
    run: async ({ params, ip }) => {
      const ready = await deps();
      return ok(await acceptOffer(ready, await personLinkAccess(ready, 'historyAccept', params.token, ip)));
    },
  }),
});
