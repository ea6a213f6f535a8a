import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { SeatKeys } from '../../ports/consent';

/**
 * The name a data key is bound to its owner under, in KMS's encryption context: `seatId` for a
 * seat's content, `deviceId` for a guardian's push token. Each kind has a key of its own, and each
 * key's grants require its own context name (infra/constructs/data-keys.ts).
 */
export type DataKeyContext = 'seatId' | 'deviceId';

/** Data keys in AWS: KMS envelope encryption, each key bound to its owner by the encryption context. */
export const kmsDataKeys = (client: KMSClient, keyId: string, context: DataKeyContext): SeatKeys => ({
  async create(ownerId) {
    const { CiphertextBlob } = await client.send(
      new GenerateDataKeyCommand({
        KeyId: keyId,
        KeySpec: 'AES_256',
        EncryptionContext: { [context]: ownerId },
      }),
    );
    if (CiphertextBlob === undefined) throw new Error('KMS returned no data key');
    return Buffer.from(CiphertextBlob).toString('base64url');
  },
  async open(ownerId, encryptedKey) {
    const { Plaintext } = await client.send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(encryptedKey, 'base64url'),
        EncryptionContext: { [context]: ownerId },
      }),
    );
    if (Plaintext === undefined) throw new Error('KMS returned no plaintext');
    return Plaintext;
  },
});

/** Seat data keys in AWS: the seat key, bound to the seat id. */
export const kmsSeatKeys = (client: KMSClient, keyId: string): SeatKeys =>
  kmsDataKeys(client, keyId, 'seatId');
