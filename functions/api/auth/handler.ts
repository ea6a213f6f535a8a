import { requestOtp, resendLink } from '../../../shared/app/auth/sign-in';
import { verifyOtp } from '../../../shared/app/auth/verify';
import { accepted, ok, publicOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps } from '../runtime';
import { mailer } from './mailer';

const signInDeps = async () => ({ ...(await deps()), mailer: mailer() });
import { requestOtpBody, resendBody, verifyOtpBody } from './schemas';

export const handler = apiHandler('auth', {
  requestOtp: publicOperation({
    body: requestOtpBody,
    run: async ({ body, ip }) => accepted(await requestOtp(await signInDeps(), body, ip)),
  }),
  verifyOtp: publicOperation({
    body: verifyOtpBody,
    run: async ({ body, ip }) => ok(await verifyOtp(await deps(), body, ip)),
  }),
  resendLink: publicOperation({
    body: resendBody,
    run: async ({ body, ip }) => accepted(await resendLink(await signInDeps(), body, ip)),
  }),
});
