import { submitEvidence } from '../../../shared/app/consent/evidence';
import { evidenceLimits } from '../../../shared/domain/consent/evidence';
import { readFileParts } from '../../../shared/http/multipart';
import { created, publicRawOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps, evidenceWiring } from '../../composition/api';
import { requests } from './schemas';

const { evidenceDeps } = evidenceWiring();

/**
 * The person's evidence upload has its own function: more memory and time for the checks, and the
 * only grants to Rekognition, Transcribe and the evidence bucket.
 */
export const handler = apiHandler('evidence', {
  submitEvidence: publicRawOperation({
    ...requests.submitEvidence,
    run: async ({ params, ip, body }) => {
      const readUpload = () => {
        const { contentType, bytes } = body();
        return readFileParts(contentType, bytes, {
          selfie: evidenceLimits.selfieBytes,
          audio: evidenceLimits.audioBytes,
        });
      };
      const all = { ...(await deps()), ...evidenceDeps };
      return created(await submitEvidence(all, params.token, ip, readUpload));
    },
  }),
});
