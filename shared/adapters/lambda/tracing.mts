import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import { metricsService } from '../../domain/metrics/business-metrics';

/**
 * X-Ray through Powertools: a segment per invocation and a subsegment per outgoing HTTP(S) call
 * (the AWS SDK's included). The trace keeps neither the answer (it may hold a person's data) nor
 * anything beyond an error's code and stack.
 */
export const tracingMiddleware = (): MiddlewareObj =>
  captureLambdaHandler(new Tracer({ serviceName: metricsService }), { captureResponse: false });
