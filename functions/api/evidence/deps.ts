import type { Deps } from '../../../shared/app/deps';
import { required, settings } from '../runtime';

let building: Promise<Pick<Deps, 'faces' | 'speech' | 'evidence'>> | undefined;

/**
 * The evidence checks and store, only in the evidence group's bundle, each loaded on first need:
 * Rekognition, Transcribe and S3 in AWS; the local detectors and the disk locally.
 */
export const evidenceDeps = () =>
  (building ??= (async () => {
    const [verifiers, store] = await Promise.all([
      verifiersFor(settings.EVIDENCE_VERIFIER),
      storeFor(settings.EVIDENCE_STORE),
    ]);
    return { ...verifiers, evidence: store };
  })().catch((error: unknown) => {
    building = undefined;
    throw error;
  }));

const verifiersFor = async (kind: 'aws' | 'local'): Promise<Pick<Deps, 'faces' | 'speech'>> => {
  if (kind === 'local') {
    const [{ humanFaceCounter }, { localSpeechListener }] = await Promise.all([
      import('../../../shared/adapters/evidence/human-face-counter'),
      import('../../../shared/adapters/evidence/local-speech-listener'),
    ]);
    return { faces: humanFaceCounter, speech: localSpeechListener };
  }
  const [
    { RekognitionClient },
    { TranscribeStreamingClient },
    { rekognitionFaceCounter },
    { transcribeListener },
  ] = await Promise.all([
    import('@aws-sdk/client-rekognition'),
    import('@aws-sdk/client-transcribe-streaming'),
    import('../../../shared/adapters/evidence/rekognition-face-counter'),
    import('../../../shared/adapters/evidence/transcribe-listener'),
  ]);
  return {
    faces: rekognitionFaceCounter(new RekognitionClient({ region: settings.AWS_REGION }), {
      ...(settings.WEBP_WASM_PATH === undefined ? {} : { webpWasmPath: settings.WEBP_WASM_PATH }),
    }),
    speech: transcribeListener(new TranscribeStreamingClient({ region: settings.AWS_REGION })),
  };
};

const storeFor = async (kind: 's3' | 'local'): Promise<Deps['evidence']> => {
  if (kind === 'local') {
    const { localEvidenceStore } = await import('../../../shared/adapters/evidence/local-evidence-store');
    return localEvidenceStore(settings.EVIDENCE_DIR, required('LOCAL_MASTER_KEY', settings.LOCAL_MASTER_KEY));
  }
  const [{ S3Client }, { s3EvidenceStore }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('../../../shared/adapters/evidence/s3-evidence-store'),
  ]);
  return s3EvidenceStore(
    new S3Client({ region: settings.AWS_REGION }),
    required('EVIDENCE_BUCKET', settings.EVIDENCE_BUCKET),
    required('EVIDENCE_KMS_KEY_ID', settings.EVIDENCE_KMS_KEY_ID),
  );
};
