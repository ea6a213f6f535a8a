import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ServiceError, isServiceError } from '../domain/errors';
import { errorResponse } from './envelope';

/** What the HTTP middlewares log through: structured lines, a message and fields. */
export interface HandlerLogger {
  info(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
}

type HttpRequest = Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/**
 * Maps every error to the envelope. A ServiceError answers its own code and status; anything else
 * is 500 `INTERNAL` that says nothing more, logged with the request's correlation id.
 */
export const errorEnvelope = (
  logger: Pick<HandlerLogger, 'error'>,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => {
  const errorEnvelopeOnError = (request: HttpRequest): void => {
    const correlationId = request.event.requestContext?.requestId ?? 'unknown';
    const error = request.error;
    if (isServiceError(error)) {
      if (error.status >= 500 || error.cause !== undefined) {
        logger.error('request.failed', { correlationId, code: error.code, cause: describe(error.cause) });
      }
      request.response = errorResponse(error);
      return;
    }
    logger.error('request.unexpected_error', { correlationId, error: describe(error) });
    request.response = errorResponse(new ServiceError('INTERNAL'));
  };
  return { onError: errorEnvelopeOnError };
};

/** Names and stack only: error messages from SDKs can echo request data. */
const describe = (error: unknown): Record<string, unknown> | undefined =>
  error instanceof Error ? { name: error.name, stack: error.stack } : undefined;
