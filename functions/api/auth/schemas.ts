import * as z from '../../../shared/validation/z';
import type { GroupRequests } from '../contract';
import { emailField } from '../../../shared/http/fields';

export const requestOtpBody = z.strictObject({
  email: emailField,
  delivery: z.enum(['code', 'link']),
  intent: z._default(z.enum(['login', 'signup']), 'login'),
});

export const verifyOtpBody = z.union([
  z.strictObject({ email: emailField, code: z.string().check(z.minLength(1), z.maxLength(16)) }),
  z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(256)) }),
]);

export const resendBody = z.strictObject({ email: emailField });

/** The schemas each auth operation validates with, keyed by the route table's operation names. */
export const requests = {
  requestOtp: { body: requestOtpBody },
  verifyOtp: { body: verifyOtpBody },
  resendLink: { body: resendBody },
} satisfies GroupRequests<'auth'>;
