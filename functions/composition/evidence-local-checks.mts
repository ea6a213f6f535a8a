import { humanFaceCounter } from '../../shared/adapters/evidence/human-face-counter';
import { localEvidenceStore } from '../../shared/adapters/evidence/local-evidence-store';
import { localSpeechListener } from '../../shared/adapters/evidence/local-speech-listener';
import type { Deps } from '../../shared/app/deps';

/**
 * The local stand-ins: the face and speech detectors on this machine and the evidence folder.
 * Bundled as a file of its own like `evidence-aws-checks`, so a bundle run locally loads it the same way.
 */
export const localVerifiers = (): Pick<Deps, 'faces' | 'speech'> => ({
  faces: humanFaceCounter,
  speech: localSpeechListener,
});

export const localStore = (directory: string, masterKeyBase64: string): Deps['evidence'] =>
  localEvidenceStore(directory, masterKeyBase64);
