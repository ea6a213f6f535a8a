import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two hex digests (different lengths are simply unequal). */
const sameHex = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The session provider's `X-Webhook-Hmac`: hex HMAC-SHA512 of the raw body under the shared key. */
export const validSessionProviderSignature = (
  key: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean =>
  header !== undefined && sameHex(createHmac('sha512', key).update(rawBody).digest('hex'), header);

/** The business provider's `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export const validBusinessProviderSignature = (
  appSecret: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean =>
  header !== undefined &&
  header.startsWith('sha256=') &&
  sameHex(createHmac('sha256', appSecret).update(rawBody).digest('hex'), header.slice('sha256='.length));
