import {
  acceptConsent,
  declineConsentLink,
  readConsentPage,
  readPersonProtection,
  stopProtection,
  submitEvidence,
} from '../../../shared/app/consent/person';
import { evidenceLimits } from '../../../shared/domain/consent/evidence';
import { readFileParts } from '../../../shared/http/multipart';
import { evidenceDeps } from './evidence';
import { tokenParams } from '../../../shared/http/fields';
import { created, ok, publicOperation, publicRawOperation } from '../../../shared/http/operation';
import * as z from 'zod';
import { apiHandler } from '../api-handler';
import { deps } from '../runtime';

/** The person's answers take an empty object: no reason is ever asked of them. */
const emptyBody = z.strictObject({});

export const handler = apiHandler('consent', {
  submitEvidence: publicRawOperation({
    params: tokenParams,
    run: async ({ params, ip, body }) => {
      const readUpload = () => {
        const { contentType, bytes } = body();
        return readFileParts(contentType, bytes, {
          selfie: evidenceLimits.selfieBytes,
          audio: evidenceLimits.audioBytes,
        });
      };
      const all = { ...(await deps()), ...(await evidenceDeps()) };
      return created(await submitEvidence(all, params.token, ip, readUpload));
    },
  }),
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
    body: emptyBody.optional(),
    run: async ({ params, ip }) => ok(await acceptConsent(await deps(), params.token, ip)),
  }),
  declineConsent: publicOperation({
    params: tokenParams,
    body: emptyBody.optional(),
    run: async ({ params, ip }) => ok(await declineConsentLink(await deps(), params.token, ip)),
  }),
  stopProtection: publicOperation({
    params: tokenParams,
    body: emptyBody.optional(),
    run: async ({ params, ip }) => ok(await stopProtection(await deps(), params.token, ip)),
  }),
});
