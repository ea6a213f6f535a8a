import type { Refusal } from './api';
import type { Words } from './words';

/** A refusal in plain words: never the raw code on screen (it stays in `data-code` for tests). */
export const refusalText = (words: Words, refusal: Refusal): string => {
  const { code, details } = refusal;
  const errors = words.errors;
  switch (code) {
    case 'SELFIE_NO_FACE':
      return errors.SELFIE_NO_FACE(typeof details['faces'] === 'number' ? details['faces'] : null);
    case 'AUDIO_PHRASE_MISMATCH':
      return errors.AUDIO_PHRASE_MISMATCH(
        Array.isArray(details['missing']) ? details['missing'].map(String) : [],
      );
    case 'RATE_LIMITED': {
      const seconds = details['retryAfterSeconds'];
      return errors.RATE_LIMITED(typeof seconds === 'number' ? seconds : refusal.retryAfterSeconds);
    }
    case 'CONSENT_EXPIRED':
      return words.deadEnd.expired;
    case 'NOT_FOUND':
      return words.deadEnd.notFound;
    case 'PROTECTION_LINK_REPLACED':
      return words.deadEnd.replaced;
    case 'OFFLINE':
      return words.deadEnd.offline;
    case 'TOO_LARGE':
      return errors.TOO_LARGE;
    case 'AUDIO_UNINTELLIGIBLE':
    case 'EVIDENCE_VERIFICATION_UNAVAILABLE':
    case 'EVIDENCE_REQUIRED':
    case 'CONSENT_ALREADY_GIVEN':
    case 'SEAT_NOT_ACTIVE':
    case 'CHANNEL_NOT_ENABLED':
    case 'NO_PROXY_CAPACITY':
    case 'PAIRING_NOT_AWAITING_CONFIRMATION':
    case 'CONFLICT':
    case 'CONSENT_NOT_GIVEN':
    case 'STOPPED_BY_DEPENDENT':
    case 'CONSENT_REQUIRED':
    case 'RELATIONSHIP_REFUTED':
    case 'PAIRING_EXISTS':
    case 'DEPENDENT_PHONE_IS_GUARDIAN':
    case 'DEPENDENT_INCOMPLETE':
    case 'CONFIRMATION_NOT_SUPPORTED':
    case 'VALIDATION':
    case 'NOT_IN_QUEUE':
    case 'NO_OPEN_OFFER':
    case 'OFFER_EXPIRED':
    case 'ALREADY_ADMITTED':
    case 'SEAT_KEY_GONE':
      return errors[code];
    default:
      return errors.other;
  }
};
