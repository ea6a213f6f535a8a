import {
  acceptConsent,
  declineConsentLink,
  readConsentPage,
  readPersonProtection,
  stopProtection,
} from '../../../shared/app/consent/person';
import { tokenParams } from '../../../shared/http/fields';
import { ok, publicOperation } from '../../../shared/http/operation';
import * as z from '../../../shared/validation/z';
import { apiHandler } from '../api-handler';
import { deps } from '../session-deps';

/** The person's answers take an empty object: no reason is ever asked of them. */
const emptyBody = z.strictObject({});

export const handler = apiHandler('consent', {
  readConsentPage: publicOperation({
    params: tokenParams,
    run: async ({ params, ip }) => ok(await readConsentPage(await deps(), params.token, ip)),
  }),
  readPersonProtection: publicOperation({
    params: tokenParams,
    run: async ({ params, ip }) => ok(await readPersonProtection(await deps(), params.token, ip)),
  }),
  acceptConsent: publicOperation({
    params: tokenParams,
    body: z.optional(emptyBody),
    run: async ({ params, ip }) => ok(await acceptConsent(await deps(), params.token, ip)),
  }),
  declineConsent: publicOperation({
    params: tokenParams,
    body: z.optional(emptyBody),
    run: async ({ params, ip }) => ok(await declineConsentLink(await deps(), params.token, ip)),
  }),
  stopProtection: publicOperation({
    params: tokenParams,
    body: z.optional(emptyBody),
    run: async ({ params, ip }) => ok(await stopProtection(await deps(), params.token, ip)),
  }),
});
