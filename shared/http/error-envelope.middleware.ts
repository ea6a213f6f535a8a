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
 * What a dependency answers when it is busy or slow rather than broken: DynamoDB or another AWS
 * service still throttling after the SDK's own retries, a call abandoned at its time limit (the
 * session provider's). Nothing was done that a retry would double, so the caller is told to retry.
 */
const passingFailures = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TimeoutError',
]);
const isPassing = (error: unknown): boolean => error instanceof Error && passingFailures.has(error.name);

/**
 * Maps every error to the envelope. A ServiceError answers its own code and status; a dependency
 * busy or slow (above) 503 `UNAVAILABLE`; anything else is 500 `INTERNAL` that says nothing more,
 * each logged with the request's correlation id.
 */
export const errorEnvelope = (
  logger: Pick<HandlerLogger, 'error'>,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => {
  const errorEnvelopeOnError = (request: HttpRequest): void => {
    const correlationId = request.event.requestContext?.requestId ?? 'unknown';
    const error = request.error;
    if (isServiceError(error)) {
      if (error.status >= 500 || error.cause !== undefined) {
        logger.error('request.failed', {
          correlationId,
          code: error.code,
          cause: loggableError(error.cause),
        });
      }
      request.response = errorResponse(error);
      return;
    }
    if (isPassing(error)) {
      logger.error('request.failed', { correlationId, code: 'UNAVAILABLE', cause: loggableError(error) });
      request.response = errorResponse(new ServiceError('UNAVAILABLE'));
      return;
    }
    logger.error('request.unexpected_error', { correlationId, error: loggableError(error) });
    request.response = errorResponse(new ServiceError('INTERNAL'));
  };
  return { onError: errorEnvelopeOnError };
};

/**
 * Names and stack frames only: error messages from SDKs can echo request data, and a stack begins
 * with its error's message, so only its `at …` lines are kept.
 */
export const loggableError = (error: unknown): Record<string, unknown> | undefined =>
  error instanceof Error ? { name: error.name, stack: framesOf(error.stack) } : undefined;
const framesOf = (stack: string | undefined): string | undefined =>
  stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
