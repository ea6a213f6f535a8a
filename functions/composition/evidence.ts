import type { Deps } from '../../shared/app/deps';
import { configFor, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';

export type EvidenceChecks = Pick<Deps, 'faces' | 'speech' | 'evidence'>;

/**
 * The evidence group's checks and store: Rekognition, Transcribe and S3 in AWS, the local detectors
 * and the disk locally. The store's variables are checked now; the rest loads on first use. Each set
 * is a file of its own beside the handler's bundle (infra/constructs/bundling.ts, imported here as
 * `./<file>`), so the handler's cold start never compiles them, and an upload refused before its
 * checks (a limit, an unknown or spent link, an unreadable file) never loads them. A selfie whose
 * header cannot be read or declares too many pixels is refused before the checks load: decoding
 * costs by the pixels declared, and a small file can declare gigabytes of them.
 */
export const evidenceChecksOf = (settings: Config): EvidenceChecks => {
  const { evidenceStore } = configFor('evidenceStore');
  const verifiers = async () =>
    settings.EVIDENCE_VERIFIER === 'local'
      ? (await import('./evidence-local-checks.mjs')).localVerifiers()
      : (await import('./evidence-aws-checks.mjs')).awsVerifiers({
          region: settings.AWS_REGION,
          webpWasmPath: settings.WEBP_WASM_PATH,
        });
  const store = async () =>
    evidenceStore.EVIDENCE_STORE === 'local'
      ? (await import('./evidence-local-checks.mjs')).localStore(
          settings.EVIDENCE_DIR,
          evidenceStore.LOCAL_MASTER_KEY,
        )
      : (await import('./evidence-aws-checks.mjs')).s3Store({
          region: settings.AWS_REGION,
          bucket: evidenceStore.EVIDENCE_BUCKET,
          kmsKeyId: evidenceStore.EVIDENCE_KMS_KEY_ID,
        });
  const checks = lazy(async (): Promise<EvidenceChecks> => {
    const [{ faces, speech }, evidence] = await Promise.all([verifiers(), store()]);
    return { faces, speech, evidence };
  });
  return {
    faces: { countFaces: async (selfie) => (await checks()).faces.countFaces(selfie) },
    speech: { listen: async (audio, phrase) => (await checks()).speech.listen(audio, phrase) },
    evidence: { keep: async (ref, selfie, audio) => (await checks()).evidence.keep(ref, selfie, audio) },
  };
};
