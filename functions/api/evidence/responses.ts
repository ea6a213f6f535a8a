import { audioTypes, evidenceLimits, selfieTypes } from '../../../shared/domain/consent/evidence';
import type { GroupResponses } from '../contract';
import { consentPage } from '../answers';

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export const responses = {
  submitEvidence: {
    summary: "Upload the person's selfie and their reading of the phrase",
    description: `Multipart parts \`selfie\` (at most ${megabytes(evidenceLimits.selfieBytes)}) and \`audio\` (at most ${megabytes(evidenceLimits.audioBytes)}), their types recognised by their first bytes; a part over its limit is 413. 201 when one face is seen and the phrase is heard; verified evidence is kept encrypted and never served back. The budget is counted before the body is read.`,
    input: { multipart: { selfie: selfieTypes, audio: audioTypes } },
    success: { 201: { data: consentPage } },
    errors: [
      'RATE_LIMITED',
      'NOT_FOUND',
      'CONSENT_EXPIRED',
      'CONSENT_ALREADY_GIVEN',
      'SELFIE_NO_FACE',
      'AUDIO_UNINTELLIGIBLE',
      'AUDIO_PHRASE_MISMATCH',
      'EVIDENCE_VERIFICATION_UNAVAILABLE',
      'CONFLICT',
    ],
  },
} satisfies GroupResponses<'evidence'>;
