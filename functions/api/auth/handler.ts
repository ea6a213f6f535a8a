import { requestOtp, resendLink } from '../../../shared/app/auth/sign-in';
import { verifyOtp } from '../../../shared/app/auth/verify';
import { accepted, ok, publicOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { authWiring, deps } from '../../composition/api';
import { requests } from './schemas';

const { signInMails } = authWiring();
const signInDeps = async () => ({ ...(await deps()), signInMails });

export const handler = apiHandler('auth', {
  requestOtp: publicOperation({
    ...requests.requestOtp,
    run: async ({ body, ip }) => accepted(await requestOtp(await signInDeps(), body, ip)),
  }),
  verifyOtp: publicOperation({
    ...requests.verifyOtp,
    run: async ({ body, ip }) => ok(await verifyOtp(await deps(), body, ip)),
  }),
  resendLink: publicOperation({
    ...requests.resendLink,
    run: async ({ body, ip }) => accepted(await resendLink(await signInDeps(), body, ip)),
  }),
});
