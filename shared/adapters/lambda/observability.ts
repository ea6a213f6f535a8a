import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { metricsService, publishMetrics, serviceMetrics } from '../metrics/powertools-metrics';

/**
 * X-Ray through Powertools: a segment per invocation and a subsegment per outgoing HTTP(S) call
 * (the AWS SDK's included). Off outside Lambda (the local stack, tests): it needs the X-Ray daemon.
 */
export const tracer = new Tracer({ serviceName: metricsService });

/** The metrics counted during an invocation, published as one EMF line when it ends (and the cold start, once). */
const invocationMetrics: MiddlewareObj = {
  before: (request) => {
    serviceMetrics.captureColdStartMetric((request.context as Partial<Context>).functionName);
  },
  after: () => publishMetrics(),
  onError: () => publishMetrics(),
};

/**
 * What every Lambda handler is wrapped in, outermost: its trace and its metrics. The trace keeps
 * neither the answer (it may hold a person's data) nor anything beyond an error's code and stack.
 */
export const observability = (): MiddlewareObj[] => [
  captureLambdaHandler(tracer, { captureResponse: false }),
  invocationMetrics,
];

/** A plain handler (a worker's, a webhook's, a stream consumer's) inside the observability middleware. */
export const observed = <E, R>(handler: (event: E, context: Context) => Promise<R>) =>
  middy<E, R>(handler).use(observability());
