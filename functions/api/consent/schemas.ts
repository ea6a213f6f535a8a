import * as z from '../../../shared/validation/z';
import { tokenParams } from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

/** The person's answers take an empty object: no reason is ever asked of them. */
const emptyBody = z.optional(z.strictObject({}));

/** The schemas each consent operation validates with, keyed by the route table's operation names. */
export const requests = {
  readConsentPage: { params: tokenParams },
  readPersonProtection: { params: tokenParams },
  acceptConsent: { params: tokenParams, body: emptyBody },
  declineConsent: { params: tokenParams, body: emptyBody },
  stopProtection: { params: tokenParams, body: emptyBody },
} satisfies GroupRequests<'consent'>;
