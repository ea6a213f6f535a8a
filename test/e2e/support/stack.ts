import { readFile } from 'node:fs/promises';
import { inject, type ProvidedContext } from 'vitest';
import type { RunningStack } from '../../support/local-stack';

/** What the e2e helpers need to know of a running local stack. */
export type StackContext = Pick<
  ProvidedContext,
  | 'apiUrl'
  | 'stackLog'
  | 'stackDynamo'
  | 'businessProviderUrl'
  | 'gatewayUrl'
  | 'sqsEndpoint'
  | 'sessionProviderUrl'
  | 'relayUrl'
  | 'webUrl'
  | 'supplierUrl'
>;

export const stackContext = (stack: Omit<RunningStack, 'process' | 'stop'>): StackContext => ({
  apiUrl: stack.apiUrl,
  stackLog: stack.logFile,
  stackDynamo: { endpoint: stack.dynamoEndpoint, tableName: stack.tableName },
  businessProviderUrl: stack.businessProviderUrl,
  gatewayUrl: stack.gatewayUrl,
  sqsEndpoint: stack.sqsEndpoint,
  sessionProviderUrl: stack.sessionProviderUrl,
  relayUrl: stack.relayUrl,
  webUrl: stack.webUrl,
  supplierUrl: stack.supplierUrl,
});

let started: StackContext | undefined;

/**
 * Points the helpers at a stack a script started itself (`npm run load` runs outside vitest, where
 * nothing is provided); inside a test run they read the stack the tier's global setup provides.
 */
export const useStack = (stack: Omit<RunningStack, 'process' | 'stop'>): void => {
  started = stackContext(stack);
};

export const stackValue = <K extends keyof StackContext>(key: K): StackContext[K] =>
  started === undefined ? inject(key) : started[key];

let reading: Promise<string> | undefined;

/**
 * The stack's log as it is now. Reads in flight are shared: a hundred families waiting for their
 * sign-in code poll one read of the file, not a hundred.
 */
export const stackLog = (): Promise<string> => {
  reading ??= readFile(stackValue('stackLog'), 'utf8').finally(() => (reading = undefined));
  return reading;
};
