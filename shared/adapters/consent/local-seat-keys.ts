import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SeatKeys } from '../../ports/consent';
import type { DataKeyContext } from './kms-seat-keys';

/**
 * Seat data keys locally: a random 256-bit key per seat, wrapped with AES-256-GCM under a local
 * master key and bound to the seat id. In AWS the same port is KMS envelope encryption.
 */
export const localSeatKeys = (masterKeyBase64: string, context: DataKeyContext = 'seatId'): SeatKeys => {
  // A device's wrapped key never opens as a seat's, as with the two keys in AWS.
  const bound = (ownerId: string) => Buffer.from(context === 'seatId' ? ownerId : `${context}:${ownerId}`);
  const master = Buffer.from(masterKeyBase64, 'base64');
  if (master.byteLength !== 32) throw new Error('LOCAL_MASTER_KEY must be 32 bytes, base64');
  return {
    async create(seatId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', master, iv).setAAD(bound(seatId));
      const wrapped = Buffer.concat([cipher.update(randomBytes(32)), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), wrapped]).toString('base64url');
    },
    async open(seatId, encryptedKey) {
      const blob = Buffer.from(encryptedKey, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', master, blob.subarray(0, 12)).setAAD(bound(seatId));
      decipher.setAuthTag(blob.subarray(12, 28));
      return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]);
    },
  };
};
