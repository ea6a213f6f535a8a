import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ServiceError } from '../domain/errors';

/**
 * The API's envelope: `{ success: true, data }` (a list may carry fields beside `data`, such as
 * `nextCursor`) or `{ success: false, error: { code, message, details? } }`. */
export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

export const successResponse = (
  status: number,
  data: unknown,
  beside: Record<string, unknown> = {},
): APIGatewayProxyStructuredResultV2 =>
  status === 204 ? { statusCode: 204 } : jsonResponse(status, { success: true, data, ...beside });

export const errorResponse = (error: ServiceError): APIGatewayProxyStructuredResultV2 => {
  const retryAfter = error.details?.['retryAfterSeconds'];
  return jsonResponse(
    error.status,
    { success: false, error: error.toJSON() },
    typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : {},
  );
};
