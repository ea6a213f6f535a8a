import { createSeat, getSeat, putDependent, removeSeat } from '../../../shared/app/seats/seats';
import { activateSeat } from '../../../shared/app/consent/activation';
import { getProtection } from '../../../shared/app/consent/protection';
import { askConsent, getConsent, resendConsent } from '../../../shared/app/consent/request';
import { bearerOperation, created, noContent, ok } from '../../../shared/http/operation';
import { accountParams, seatParams } from '../../../shared/http/fields';
import { apiHandler } from '../api-handler';
import { deps } from '../runtime';
import { seatKeys } from './seat-keys';
import { activateBody, consentRequestBody, dependentBody } from './schemas';

export const handler = apiHandler('seats', {
  askConsent: bearerOperation({
    params: seatParams,
    body: consentRequestBody,
    run: async ({ params, body }, caller) => {
      const { created: isNew, seat } = await askConsent(await deps(), caller, params.uid, body);
      return isNew ? created({ seat }) : ok({ seat });
    },
  }),
  resendConsent: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => created(await resendConsent(await deps(), caller, params.uid)),
  }),
  activateSeat: bearerOperation({
    params: seatParams,
    body: activateBody,
    run: async ({ params, body }, caller) =>
      ok(await activateSeat({ ...(await deps()), seatKeys: await seatKeys() }, caller, params.uid, body)),
  }),
  getConsent: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => ok(await getConsent(await deps(), caller, params.uid)),
  }),
  getProtection: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => ok(await getProtection(await deps(), caller, params.uid)),
  }),
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
