import { RekognitionClient } from '@aws-sdk/client-rekognition';
import { S3Client } from '@aws-sdk/client-s3';
import { TranscribeStreamingClient } from '@aws-sdk/client-transcribe-streaming';
import { rekognitionFaceCounter } from '../../shared/adapters/evidence/rekognition-face-counter';
import { s3EvidenceStore } from '../../shared/adapters/evidence/s3-evidence-store';
import { transcribeListener } from '../../shared/adapters/evidence/transcribe-listener';
import type { Deps } from '../../shared/app/deps';

/**
 * The evidence checks and store in AWS: Rekognition, Transcribe and S3. Bundled as a file of its
 * own beside the handler (infra/constructs/bundling.ts), so only an upload that reaches its checks
 * compiles them.
 */
export const awsVerifiers = (options: {
  region: string;
  webpWasmPath: string | undefined;
}): Pick<Deps, 'faces' | 'speech'> => ({
  faces: rekognitionFaceCounter(new RekognitionClient({ region: options.region }), {
    ...(options.webpWasmPath === undefined ? {} : { webpWasmPath: options.webpWasmPath }),
  }),
  speech: transcribeListener(new TranscribeStreamingClient({ region: options.region })),
});

export const s3Store = (options: { region: string; bucket: string; kmsKeyId: string }): Deps['evidence'] =>
  s3EvidenceStore(new S3Client({ region: options.region }), options.bucket, options.kmsKeyId);
