import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EvidenceStore } from '../../ports/evidence';

/**
 * Evidence on the local disk, each file sealed with AES-256-GCM under the local master key (the
 * stand-in for S3 with KMS): `<dir>/<seatId>/<requestId>.{selfie,audio}`. Nothing serves it back.
 */
export const localEvidenceStore = (directory: string, masterKeyBase64: string): EvidenceStore => {
  const key = Buffer.from(masterKeyBase64, 'base64');
  const seal = (bytes: Uint8Array, context: string): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
  };
  return {
    async keep({ seatId, requestId }, selfie, audio) {
      const folder = join(directory, seatId);
      await mkdir(folder, { recursive: true });
      await writeFile(
        join(folder, `${requestId}.selfie`),
        seal(selfie.bytes, `${seatId}/${requestId}/selfie`),
      );
      await writeFile(join(folder, `${requestId}.audio`), seal(audio.bytes, `${seatId}/${requestId}/audio`));
    },
  };
};
