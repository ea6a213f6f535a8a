import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { epochMs } from '../answers';

/** Every address gets the same answer, so nobody learns which addresses have an account. */
const sent = z.strictObject({ sent: z.literal(true) });

export const responses = {
  requestOtp: {
    summary: 'Send a sign-in code or magic link',
    description:
      'Every address gets 202 `{ sent: true }`. With `intent: login` (the default) an address without an account receives nothing; `signup` lets it receive a code that creates the user on verify.',
    success: { 202: { data: sent } },
    errors: ['EMAIL_DOMAIN_INVALID', 'RATE_LIMITED'],
  },
  verifyOtp: {
    summary: 'Exchange a code or magic-link token for an access token',
    success: {
      200: { data: z.strictObject({ accessToken: z.string(), expiresAtMs: epochMs }) },
    },
    errors: [
      'OTP_INVALID',
      'OTP_LOCKED',
      'OTP_EXPIRED',
      'OTP_USED',
      'OTP_LINK_INVALID',
      'OTP_LINK_EXPIRED',
      'OTP_LINK_USED',
      'RATE_LIMITED',
    ],
  },
  resendLink: {
    summary: 'Send a new magic link; the previous one stops working',
    success: { 202: { data: sent } },
    errors: ['RATE_LIMITED'],
  },
} satisfies GroupResponses<'auth'>;
