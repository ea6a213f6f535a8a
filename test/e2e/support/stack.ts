import { open } from 'node:fs/promises';
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

/**
 * The stack's JSON log lines by name (`message`, as the service's logger names a line, or `msg`, as
 * the dev-delivery lines do), read as the file grows: each read parses only what was appended since
 * the last one. A test run's log grows to megabytes; reading it whole on every poll of every wait
 * would take a core from the stack it waits on.
 */
interface LogIndex {
  file: string;
  offset: number;
  /** The bytes after the last newline: a line still being written. */
  unfinished: Buffer;
  byName: Map<string, unknown[]>;
}

let index: LogIndex | undefined;
let catchingUp: Promise<LogIndex> | undefined;

const namesOf = (line: string): Set<string> =>
  new Set([...line.matchAll(/"(?:message|msg)":"([^"\\]*)"/g)].map((match) => match[1] ?? ''));

const catchUp = async (): Promise<LogIndex> => {
  const file = stackValue('stackLog');
  if (index?.file !== file) index = { file, offset: 0, unfinished: Buffer.alloc(0), byName: new Map() };
  const current = index;
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= current.offset) return current;
    const appended = Buffer.alloc(size - current.offset);
    const { bytesRead } = await handle.read(appended, 0, appended.length, current.offset);
    current.offset += bytesRead;
    const bytes = Buffer.concat([current.unfinished, appended.subarray(0, bytesRead)]);
    const end = bytes.lastIndexOf(0x0a);
    current.unfinished = Buffer.from(bytes.subarray(end + 1));
    if (end < 0) return current;
    for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      const names = namesOf(line);
      if (names.size === 0) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue; // A child's own output that only looks like JSON: no log line of the service.
      }
      for (const name of names) {
        const lines = current.byName.get(name);
        if (lines === undefined) current.byName.set(name, [parsed]);
        else lines.push(parsed);
      }
    }
    return current;
  } finally {
    await handle.close();
  }
};

/**
 * The stack's log lines named `name`, in the order written, as the log stands now. Reads in flight
 * are shared: a hundred families waiting for their sign-in code poll one read, not a hundred.
 */
export const stackLogLines = async <T = Record<string, unknown>>(name: string): Promise<T[]> => {
  catchingUp ??= catchUp().finally(() => (catchingUp = undefined));
  return [...((await catchingUp).byName.get(name) ?? [])] as T[];
};
