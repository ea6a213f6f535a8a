import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { HandlerLogger } from '../../shared/http/error-envelope.middleware';

type HttpRequest = Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/**
 * One line per request: route, status, duration and correlation id. Never a path parameter,
 * a body, a header or a token: route keys name the template (`/seats/{uid}`), not the values.
 */
export const accessLog = (
  logger: Pick<HandlerLogger, 'info'>,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => {
  const started = new WeakMap<object, number>();
  const accessLogBefore = (request: HttpRequest): void => void started.set(request, performance.now());
  const accessLogAfter = (request: HttpRequest): void => {
    logger.info('request', {
      correlationId: request.event.requestContext?.requestId,
      route: request.event.routeKey,
      status: request.response?.statusCode,
      ms: Math.round(performance.now() - (started.get(request) ?? performance.now())),
    });
  };
  return { before: accessLogBefore, after: accessLogAfter, onError: accessLogAfter };
};
