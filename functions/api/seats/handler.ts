import { pauseSeat, resumeSeat } from '../../../shared/app/seats/pause';
import { createSeat, getSeat, putDependent, removeSeat } from '../../../shared/app/seats/seats';
import { activateSeat } from '../../../shared/app/consent/activation';
import { getProtection } from '../../../shared/app/seats/protection-card';
import { askConsent, getConsent, resendConsent } from '../../../shared/app/consent/request';
import { bearerOperation, created, noContent, ok } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps, seatsWiring } from '../../composition/api';
import { requests } from './schemas';

const { consentSends, seatKeys, pauseResumes } = seatsWiring();
/** The API's deps with the consent links' queue: this group asks for consent. */
const seatDeps = async () => ({ ...(await deps()), consentSends });

export const handler = apiHandler('seats', {
  askConsent: bearerOperation({
    ...requests.askConsent,
    run: async ({ params, body }, caller) => {
      const { created: isNew, seat } = await askConsent(await seatDeps(), caller, params.uid, body);
      return isNew ? created({ seat }) : ok({ seat });
    },
  }),
  resendConsent: bearerOperation({
    ...requests.resendConsent,
    run: async ({ params }, caller) => created(await resendConsent(await seatDeps(), caller, params.uid)),
  }),
  activateSeat: bearerOperation({
    ...requests.activateSeat,
    run: async ({ params, body }, caller) =>
      ok(await activateSeat({ ...(await seatDeps()), seatKeys: await seatKeys() }, caller, params.uid, body)),
  }),
  getConsent: bearerOperation({
    ...requests.getConsent,
    run: async ({ params }, caller) => ok(await getConsent(await seatDeps(), caller, params.uid)),
  }),
  getProtection: bearerOperation({
    ...requests.getProtection,
    run: async ({ params }, caller) => ok(await getProtection(await seatDeps(), caller, params.uid)),
  }),
  createSeat: bearerOperation({
    ...requests.createSeat,
    run: async ({ params }, caller) => created(await createSeat(await seatDeps(), caller, params.uid)),
  }),
  getSeat: bearerOperation({
    ...requests.getSeat,
    run: async ({ params }, caller) => ok(await getSeat(await seatDeps(), caller, params.uid)),
  }),
  removeSeat: bearerOperation({
    ...requests.removeSeat,
    run: async ({ params }, caller) => {
      await removeSeat(await seatDeps(), caller, params.uid);
      return noContent();
    },
  }),
  putDependent: bearerOperation({
    ...requests.putDependent,
    run: async ({ params, body }, caller) =>
      ok(await putDependent(await seatDeps(), caller, params.uid, body)),
  }),
  pauseSeat: bearerOperation({
    ...requests.pauseSeat,
    run: async ({ params, body }, caller) =>
      ok(
        await pauseSeat(
          { ...(await seatDeps()), pauseResumes: await pauseResumes() },
          caller,
          params.uid,
          new Date(body.until),
        ),
      ),
  }),
  resumeSeat: bearerOperation({
    ...requests.resumeSeat,
    run: async ({ params }, caller) =>
      ok(await resumeSeat({ ...(await seatDeps()), pauseResumes: await pauseResumes() }, caller, params.uid)),
  }),
});
