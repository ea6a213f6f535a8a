import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SealBroken, type ContentSeal, type SealBinding } from '../../ports/content-seal';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Both ids, unambiguously joined (an id may hold any character). */
const associatedData = ({ seatId, messageId }: SealBinding) =>
  Buffer.from(JSON.stringify([seatId, messageId]), 'utf8');

/**
 * UTF-16 code units, not UTF-8: a JavaScript string comes back exactly as it went in, even a lone
 * surrogate a provider's JSON may carry (UTF-8 would turn it into U+FFFD), at two bytes a unit.
 */
const encoding = 'utf16le';

const checkedKey = (dataKey: Uint8Array): Uint8Array => {
  if (dataKey.byteLength !== KEY_BYTES) throw new SealBroken(new Error('a data key is 32 bytes'));
  return dataKey;
};

/** AES-256-GCM with a random 96-bit IV; the seat and message ids are the associated data. */
export const aesGcmContentSeal: ContentSeal = {
  seal(dataKey, binding, text) {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', checkedKey(dataKey), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(binding));
    const body = Buffer.concat([cipher.update(text, encoding), cipher.final(), cipher.getAuthTag()]);
    return { iv: new Uint8Array(iv), ciphertext: new Uint8Array(body) };
  },

  open(dataKey, binding, sealed) {
    if (sealed.iv.byteLength !== IV_BYTES || sealed.ciphertext.byteLength < TAG_BYTES) throw new SealBroken();
    const tagAt = sealed.ciphertext.byteLength - TAG_BYTES;
    try {
      const decipher = createDecipheriv('aes-256-gcm', checkedKey(dataKey), sealed.iv, {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(associatedData(binding));
      decipher.setAuthTag(sealed.ciphertext.subarray(tagAt));
      const plain = Buffer.concat([decipher.update(sealed.ciphertext.subarray(0, tagAt)), decipher.final()]);
      return plain.toString(encoding);
    } catch (error) {
      if (error instanceof SealBroken) throw error;
      throw new SealBroken(error);
    }
  },
};
