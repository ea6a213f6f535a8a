import { createHmac } from 'node:crypto';
import type { KeyedHasher, SecretSource } from '../../../shared/ports/secrets';

/**
 * A keyed hash as the service's (HMAC-SHA256, base64url: 43 characters, the shape a consent link's
 * token must have) under a fixed test key; the purpose keeps the spaces apart.
 */
export const fakeHasher = (): KeyedHasher => ({
  digest: (purpose, value) =>
    createHmac('sha256', 'fake-hash-key').update(`${purpose}\0${value}`).digest('base64url'),
});

/** Codes and tokens in sequence, in the real ones' shapes: `000001`; `t000…01` (43 URL-safe characters). */
export const fakeSecrets = (): SecretSource & { issued: string[] } => {
  let next = 0;
  const issued: string[] = [];
  const remember = (value: string) => {
    issued.push(value);
    return value;
  };
  return {
    issued,
    numericCode: (digits) => remember(String((next += 1)).padStart(digits, '0')),
    urlToken: () => remember(`t${String((next += 1)).padStart(42, '0')}`),
  };
};
