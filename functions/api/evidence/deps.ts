import type { Deps } from '../../../shared/app/deps';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { settings } from '../runtime';

export type EvidenceChecks = Pick<Deps, 'faces' | 'speech' | 'evidence'>;

const { evidenceStore } = configFor('evidenceStore');

/**
 * The checks and the store, loaded on their first use: Rekognition, Transcribe and S3 in AWS, the
 * local detectors and the disk locally. Each set is a file of its own beside the handler's bundle
 * (infra/constructs/bundling.ts), so the handler's cold start never compiles them, and an upload
 * refused before its checks (a limit, an unknown or spent link, an unreadable file) never loads them.
 */
const checks = lazy(async (): Promise<EvidenceChecks> => {
  const [verifiers, store] = await Promise.all([verifiersFor(settings.EVIDENCE_VERIFIER), storeFor()]);
  return { ...verifiers, evidence: store };
});

const verifiersFor = async (kind: 'aws' | 'local') =>
  kind === 'local'
    ? (await import('./local-checks.mjs')).localVerifiers()
    : (await import('./aws-checks.mjs')).awsVerifiers({
        region: settings.AWS_REGION,
        webpWasmPath: settings.WEBP_WASM_PATH,
      });

const storeFor = async () =>
  evidenceStore.EVIDENCE_STORE === 'local'
    ? (await import('./local-checks.mjs')).localStore(settings.EVIDENCE_DIR, evidenceStore.LOCAL_MASTER_KEY)
    : (await import('./aws-checks.mjs')).s3Store({
        region: settings.AWS_REGION,
        bucket: evidenceStore.EVIDENCE_BUCKET,
        kmsKeyId: evidenceStore.EVIDENCE_KMS_KEY_ID,
      });

/**
 * The evidence ports, each loading the checks on its first call. A selfie whose header cannot be
 * read or declares too many pixels is refused before the checks load: decoding costs by the pixels
 * declared, and a small file can declare gigabytes of them.
 */
export const evidenceDeps: EvidenceChecks = {
  faces: {
    countFaces: async (selfie) => (await checks()).faces.countFaces(selfie),
  },
  speech: { listen: async (audio, phrase) => (await checks()).speech.listen(audio, phrase) },
  evidence: { keep: async (ref, selfie, audio) => (await checks()).evidence.keep(ref, selfie, audio) },
};
