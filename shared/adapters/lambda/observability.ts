import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { publishMetrics, serviceMetrics } from '../metrics/powertools-metrics';

/**
 * X-Ray (`./tracing`) is loaded only where there is a daemon to send to: a Lambda with active
 * tracing sets `AWS_XRAY_DAEMON_ADDRESS`. Loading it is not free: the X-Ray SDK tracks every
 * promise of the process from then on (an `await` costs about ten times more), which the local
 * stack and the tests, that never trace, would pay on every request for nothing.
 */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env['AWS_XRAY_DAEMON_ADDRESS'] !== undefined;

let tracing: Promise<MiddlewareObj> | null = null;
/** The tracing middleware, loaded on the first invocation that wants it (in AWS, during init: below). */
const loadTracing = (): Promise<MiddlewareObj> =>
  (tracing ??= import('./tracing').then((module) => module.tracingMiddleware()));
if (tracingWanted()) void loadTracing();

const traced: MiddlewareObj = {
  before: async (request) => {
    if (tracingWanted()) await (await loadTracing()).before?.(request);
  },
  after: async (request) => {
    if (tracingWanted()) await (await loadTracing()).after?.(request);
  },
  onError: async (request) => {
    if (tracingWanted()) await (await loadTracing()).onError?.(request);
  },
};

/** The metrics counted during an invocation, published as one EMF line when it ends (and the cold start, once). */
const invocationMetrics: MiddlewareObj = {
  before: (request) => {
    serviceMetrics.captureColdStartMetric((request.context as Partial<Context>).functionName);
  },
  after: () => publishMetrics(),
  onError: () => publishMetrics(),
};

/** What every Lambda handler is wrapped in, outermost: its trace and its metrics. */
export const observability = (): MiddlewareObj[] => [traced, invocationMetrics];

/** A plain handler (a worker's, a webhook's, a stream consumer's) inside the observability middleware. */
export const observed = <E, R>(handler: (event: E, context: Context) => Promise<R>) =>
  middy<E, R>(handler).use(observability());
