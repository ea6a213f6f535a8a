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
    case 'AUDIO_UNINTELLIGIBLE':
    case 'EVIDENCE_VERIFICATION_UNAVAILABLE':
    case 'EVIDENCE_REQUIRED':
    case 'CONSENT_ALREADY_GIVEN':
    case 'SEAT_NOT_ACTIVE':
    case 'CHANNEL_NOT_ENABLED':
    case 'NO_PROXY_CAPACITY':
    case 'PAIRING_NOT_AWAITING_CONFIRMATION':
      return errors[code];
    default:
      return errors.other;
  }
};

/** The alert that says why something was refused; `testId` names it for tests. */
export const RefusalNote = (props: { words: Words; refusal: Refusal | null; testId: string }) =>
  props.refusal === null ? null : (
    <p class="refusal" role="alert" data-testid={props.testId} data-code={props.refusal.code}>
      {refusalText(props.words, props.refusal)}
    </p>
  );
