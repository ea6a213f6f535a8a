import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { publishMetrics, serviceMetrics } from '../metrics/powertools-metrics';

/**
 * X-Ray (`./tracing.mts`) is loaded only where there is a daemon to send to: a Lambda with active
 * tracing sets `AWS_XRAY_DAEMON_ADDRESS`. Loading it is not free: the X-Ray SDK tracks every
 * promise of the process from then on (an `await` costs about ten times more), which the local
 * stack and the tests, that never trace, would pay on every request for nothing. It is a chunk,
 * a file beside each bundle (infra/constructs/bundling.ts): in a bundle its 120 KB were compiled
 * at every cold start, traced or not (about 16 ms of the worker's).
 */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env['AWS_XRAY_DAEMON_ADDRESS'] !== undefined;

/** The tracing middleware, loading from the process's start (a Lambda's init) where it is wanted. */
const tracing = tracingWanted() ? import('./tracing.mjs').then((module) => module.tracingMiddleware()) : null;

const traced = (loaded: Promise<MiddlewareObj>): MiddlewareObj => ({
  before: async (request) => (await loaded).before?.(request),
  after: async (request) => (await loaded).after?.(request),
  onError: async (request) => (await loaded).onError?.(request),
});

/** The metrics counted during an invocation, published as one EMF line when it ends (and the cold start, once). */
const invocationMetrics: MiddlewareObj = {
  before: (request) => {
    serviceMetrics.captureColdStartMetric((request.context as Partial<Context>).functionName);
  },
  after: () => publishMetrics(),
  onError: () => publishMetrics(),
};

/** What every Lambda handler is wrapped in, outermost: its trace and its metrics. */
export const observability = (): MiddlewareObj[] => [
  ...(tracing === null ? [] : [traced(tracing)]),
  invocationMetrics,
];

/** A plain handler (a worker's, a webhook's, a stream consumer's) inside the observability middleware. */
export const observed = <E, R>(handler: (event: E, context: Context) => Promise<R>) =>
  middy<E, R>(handler).use(observability());
