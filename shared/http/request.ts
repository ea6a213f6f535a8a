import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ServiceError, fail } from '../domain/errors';

export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** The request body as JSON: 413 past 64 KB, 400 BAD_REQUEST when it is not JSON. */
export const jsonBody = (event: APIGatewayProxyEventV2): unknown => {
  if (event.body === undefined || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > MAX_JSON_BODY_BYTES) {
    throw new ServiceError('HTTP_ERROR', { status: 413, message: 'The request body is larger than 64 KB.' });
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw fail('BAD_REQUEST', undefined, 'The request body is not valid JSON.');
  }
};

/**
 * A path segment decoded, or null when its percent-encoding is malformed (`%E0%A4%A`): a bad
 * request, never an internal error.
 */
export const decodePathSegment = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

/**
 * The token of an `Authorization: Bearer <token>` header. The scheme is case-insensitive and may be
 * followed by more than one space (RFC 9110 11.1, RFC 6750 2.1): `bearer` is as good as `Bearer`.
 */
export const bearerToken = (event: APIGatewayProxyEventV2): string | null => {
  const header = event.headers['authorization'];
  const match = header === undefined ? null : /^bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(header);
  return match?.[1] ?? null;
};
