import { pauseSeat, resumeSeat } from '../../../shared/app/seats/pause';
import { createSeat, getSeat, putDependent, removeSeat } from '../../../shared/app/seats/seats';
import { activateSeat } from '../../../shared/app/consent/activation';
import { getProtection } from '../../../shared/app/seats/protection-card';
import { askConsent, getConsent, resendConsent } from '../../../shared/app/consent/request';
import { bearerOperation, created, noContent, ok } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps, seatsWiring } from '../../composition/api';
import { requests } from './schemas';

const { seatKeys, pauseResumes } = seatsWiring();

export const handler = apiHandler('seats', {
  askConsent: bearerOperation({
    ...requests.askConsent,
    run: async ({ params, body }, caller) => {
      const { created: isNew, seat } = await askConsent(await deps(), caller, params.uid, body);
      return isNew ? created({ seat }) : ok({ seat });
    },
  }),
  resendConsent: bearerOperation({
    ...requests.resendConsent,
    run: async ({ params }, caller) => created(await resendConsent(await deps(), caller, params.uid)),
  }),
  activateSeat: bearerOperation({
    ...requests.activateSeat,
    run: async ({ params, body }, caller) =>
      ok(await activateSeat({ ...(await deps()), seatKeys: await seatKeys() }, caller, params.uid, body)),
  }),
  getConsent: bearerOperation({
    ...requests.getConsent,
    run: async ({ params }, caller) => ok(await getConsent(await deps(), caller, params.uid)),
  }),
  getProtection: bearerOperation({
    ...requests.getProtection,
    run: async ({ params }, caller) => ok(await getProtection(await deps(), caller, params.uid)),
  }),
  createSeat: bearerOperation({
    ...requests.createSeat,
    run: async ({ params }, caller) => created(await createSeat(await deps(), caller, params.uid)),
  }),
  getSeat: bearerOperation({
    ...requests.getSeat,
    run: async ({ params }, caller) => ok(await getSeat(await deps(), caller, params.uid)),
  }),
  removeSeat: bearerOperation({
    ...requests.removeSeat,
    run: async ({ params }, caller) => {
      await removeSeat(await deps(), caller, params.uid);
      return noContent();
    },
  }),
  putDependent: bearerOperation({
    ...requests.putDependent,
    run: async ({ params, body }, caller) => ok(await putDependent(await deps(), caller, params.uid, body)),
  }),
  pauseSeat: bearerOperation({
    ...requests.pauseSeat,
    run: async ({ params, body }, caller) =>
      ok(
        await pauseSeat(
          { ...(await deps()), pauseResumes: await pauseResumes() },
          caller,
          params.uid,
          new Date(body.until),
        ),
      ),
  }),
  resumeSeat: bearerOperation({
    ...requests.resumeSeat,
    run: async ({ params }, caller) =>
      ok(await resumeSeat({ ...(await deps()), pauseResumes: await pauseResumes() }, caller, params.uid)),
  }),
});
