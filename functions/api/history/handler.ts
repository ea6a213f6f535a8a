import {
  acceptHistoryImport,
  acceptPersonHistoryImport,
  cancelHistoryImport,
  getHistoryImport,
  requestHistoryImport,
} from '../../../shared/app/history/imports';
import { bearerOperation, created, noContent, ok, publicOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { historyWiring } from '../../composition/api';
import { requests } from './schemas';

const { deps } = historyWiring();

export const handler = apiHandler('history', {
  getHistoryImport: bearerOperation({
    ...requests.getHistoryImport,
    run: async ({ params }, caller) => ok(await getHistoryImport(await deps(), caller, params.uid)),
  }),
  requestHistoryImport: bearerOperation({
    ...requests.requestHistoryImport,
    run: async ({ params }, caller) => {
      const asked = await requestHistoryImport(await deps(), caller, params.uid);
      return asked.created ? created(asked.view) : ok(asked.view);
    },
  }),
  acceptHistoryImport: bearerOperation({
    ...requests.acceptHistoryImport,
    run: async ({ params }, caller) => ok(await acceptHistoryImport(await deps(), caller, params.uid)),
  }),
  cancelHistoryImport: bearerOperation({
    ...requests.cancelHistoryImport,
    run: async ({ params }, caller) => {
      await cancelHistoryImport(await deps(), caller, params.uid);
      return noContent();
    },
  }),
  acceptPersonHistoryImport: publicOperation({
    ...requests.acceptPersonHistoryImport,
    run: async ({ params, ip }) => ok(await acceptPersonHistoryImport(await deps(), params.token, ip)),
  }),
});
