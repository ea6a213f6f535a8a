import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { consentPage, excerptViews, instant, protectionReason, protectionState } from '../answers';

/**
 * The link token is the person's only credential. Each route counts the link's and the IP's budget
 * before the token is looked up: an unknown token is 404, a replaced, expired or revoked one 422.
 */
const linkErrors = ['RATE_LIMITED', 'NOT_FOUND', 'CONSENT_EXPIRED'] as const;

export const responses = {
  readConsentPage: {
    summary: "The person's consent page",
    success: { 200: { data: consentPage } },
    errors: linkErrors,
  },
  readPersonProtection: {
    summary: "The person's view of their protection",
    description:
      'Readable after a given consent (and after a stop); a link that a newer given consent replaced says so.',
    success: {
      200: {
        data: z.strictObject({
          state: protectionState,
          reason: protectionReason,
          since: instant,
          canStop: z.boolean(),
          excerptViews: excerptViews,
        }),
      },
    },
    errors: ['RATE_LIMITED', 'NOT_FOUND', 'PROTECTION_LINK_REPLACED', 'CONSENT_NOT_GIVEN'],
  },
  acceptConsent: {
    summary: "The person's yes, once their selfie and reading are verified",
    success: { 200: { data: consentPage } },
    errors: [...linkErrors, 'EVIDENCE_REQUIRED', 'CONFLICT'],
  },
  declineConsent: {
    summary: 'The person declines; no reason is asked',
    success: { 200: { data: consentPage } },
    errors: [...linkErrors, 'CONFLICT'],
  },
  stopProtection: {
    summary: 'The person stops protection; only a new consent resumes it',
    success: { 200: { data: consentPage } },
    errors: [...linkErrors, 'CONSENT_NOT_GIVEN', 'CONFLICT'],
  },
} satisfies GroupResponses<'consent'>;
