import { acceptConsent, declineConsent, readConsentPage } from '../../../shared/app/consent/page';
import { readPersonProtection, stopProtection } from '../../../shared/app/consent/protection';
import { ok, publicOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { consentWiring } from '../../composition/api';
import { requests } from './schemas';

const { deps, seatKeys } = consentWiring();

export const handler = apiHandler('consent', {
  readConsentPage: publicOperation({
    ...requests.readConsentPage,
    run: async ({ params, ip }) => ok(await readConsentPage(await deps(), params.token, ip)),
  }),
  readPersonProtection: publicOperation({
    ...requests.readPersonProtection,
    run: async ({ params, ip }) => ok(await readPersonProtection(await deps(), params.token, ip)),
  }),
  acceptConsent: publicOperation({
    ...requests.acceptConsent,
    run: async ({ params, ip }) =>
      ok(await acceptConsent({ ...(await deps()), seatKeys: await seatKeys() }, params.token, ip)),
  }),
  declineConsent: publicOperation({
    ...requests.declineConsent,
    run: async ({ params, ip }) => ok(await declineConsent(await deps(), params.token, ip)),
  }),
  stopProtection: publicOperation({
    ...requests.stopProtection,
    run: async ({ params, ip }) => ok(await stopProtection(await deps(), params.token, ip)),
  }),
});
