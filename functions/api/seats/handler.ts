import { createSeat, getSeat, putDependent, removeSeat } from '../../../shared/app/seats/seats';
import { bearerOperation, created, noContent, ok } from '../../../shared/http/operation';
import { accountParams, seatParams } from '../../../shared/http/fields';
import { apiHandler } from '../api-handler';
import { deps } from '../runtime';
import { dependentBody } from './schemas';

export const handler = apiHandler('seats', {
  createSeat: bearerOperation({
    params: accountParams,
    run: async ({ params }, caller) => created(await createSeat(await deps(), caller, params.uid)),
  }),
  getSeat: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => ok(await getSeat(await deps(), caller, params.uid)),
  }),
  removeSeat: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => {
      await removeSeat(await deps(), caller, params.uid);
      return noContent();
    },
  }),
  putDependent: bearerOperation({
    params: seatParams,
    body: dependentBody,
    run: async ({ params, body }, caller) => ok(await putDependent(await deps(), caller, params.uid, body)),
  }),
});
