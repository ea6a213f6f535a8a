import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { SeatKeys } from '../../ports/consent';

/** Seat data keys in AWS: KMS envelope encryption, the key bound to its seat by the encryption context. */
export const kmsSeatKeys = (client: KMSClient, keyId: string): SeatKeys => ({
  async create(seatId) {
    const { CiphertextBlob } = await client.send(
      new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { seatId } }),
    );
    if (CiphertextBlob === undefined) throw new Error('KMS returned no data key');
    return Buffer.from(CiphertextBlob).toString('base64url');
  },
  async open(seatId, encryptedKey) {
    const { Plaintext } = await client.send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(encryptedKey, 'base64url'),
        EncryptionContext: { seatId },
      }),
    );
    if (Plaintext === undefined) throw new Error('KMS returned no plaintext');
    return Plaintext;
  },
});
