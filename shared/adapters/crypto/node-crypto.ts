import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { Ids } from '../../ports/ids';
import type { KeyedHasher, SecretSource } from '../../ports/secrets';

/** HMAC-SHA256 under the service's hash key; the purpose keeps each kind of hash apart. */
export const hmacHasher = (hashKey: string): KeyedHasher => ({
  digest: (purpose, value) =>
    createHmac('sha256', hashKey).update(`${purpose}\u0000${value}`).digest('base64url'),
});

export const cryptoSecrets: SecretSource = {
  numericCode: (digits) => String(randomInt(0, 10 ** digits)).padStart(digits, '0'),
  urlToken: () => randomBytes(32).toString('base64url'),
};

export const cryptoIds = (): Ids => {
  const ulid = monotonicFactory();
  return {
    ulid: () => ulid(),
    uid: (prefix) => `${prefix}_${randomBytes(15).toString('base64url')}`,
    randomPart: (length) =>
      randomBytes(Math.ceil((length * 3) / 4))
        .toString('base64url')
        .slice(0, length),
  };
};
