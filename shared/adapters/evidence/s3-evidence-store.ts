import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { EvidenceStore } from '../../ports/evidence';

/** Evidence in S3, encrypted with the customer-managed KMS key; only the consent function may write. */
export const s3EvidenceStore = (client: S3Client, bucket: string, kmsKeyId: string): EvidenceStore => ({
  async keep({ seatId, requestId }, selfie, audio) {
    await Promise.all(
      (
        [
          ['selfie', selfie],
          ['audio', audio],
        ] as const
      ).map(([kind, file]) =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `evidence/${seatId}/${requestId}/${kind}`,
            Body: file.bytes,
            ContentType: file.type,
            ServerSideEncryption: 'aws:kms',
            SSEKMSKeyId: kmsKeyId,
          }),
        ),
      ),
    );
  },
});
