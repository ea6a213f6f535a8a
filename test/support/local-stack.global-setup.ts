import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { tableGuardLine } from '../../localstack/table-guard';
import { stackContext, type StackContext } from '../e2e/support/stack';
import { startLocalStack, type RunningStack } from './local-stack';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    stackLog: string;
    stackDynamo: { endpoint: string; tableName: string };
    businessProviderUrl: string;
    gatewayUrl: string;
    sqsEndpoint: string;
    sessionProviderUrl: string;
    relayUrl: string;
    webUrl: string;
    supplierUrl: string;
  }
}

/**
 * The stack and how many tiers use it, kept on the global object: vitest loads a project's global
 * setup apart for each project that names it, but runs them all in one process.
 */
interface SharedStack {
  stack: Promise<RunningStack>;
  users: number;
}
const sharedKey = Symbol.for('family-protection.test-local-stack');
const shared = globalThis as { [sharedKey]?: SharedStack };

/**
 * One local stack for the e2e and browser tiers (they run their files one after another, the
 * browser's after the e2e's); tests isolate their data by unique e-mails and families. One stack,
 * not one per tier: an idle stack still polls its queues and its table's stream.
 */
export default async function setup(project: TestProject) {
  const use = (shared[sharedKey] ??= { stack: startTestStack(), users: 0 });
  use.users += 1;
  const stack = await use.stack;
  const context = stackContext(stack);
  for (const key of Object.keys(context) as (keyof StackContext)[]) project.provide(key, context[key]);
  return async () => {
    use.users -= 1;
    if (use.users > 0) return;
    delete shared[sharedKey];
    await stack.stop();
    // A refused call fails its request, but one a best-effort path swallowed (a relay registration,
    // a background send) must fail the tier too: the grants do not cover what the code does.
    const refused = [...new Set(readFileSync(stack.logFile, 'utf8').split('\n'))].filter((line) =>
      line.startsWith(tableGuardLine),
    );
    if (refused.length === 0) return;
    // A teardown's error is only printed: the run must fail too.
    process.exitCode = 1;
    throw new Error(`the local table guard refused:\n${refused.join('\n')}`);
  };
}

const startTestStack = async (): Promise<RunningStack> => {
  const supplierPort = await freePort();
  // A short resend wait so tests can see it end.
  return startLocalStack({
    CONSENT_RESEND_WAIT_SECONDS: '2',
    CAMPAIGNS_JSON: '{"WELCOME10":{"percentOff":10}}',
    // Reconnect gaps and a failed message's hidden time shortened, so tests see them pass.
    RECONNECT_DELAYS_SECONDS: '1,1,1',
    QUEUE_VISIBILITY_TIMEOUT_SECONDS: '2',
    SSE_PING_SECONDS: '1',
    // Four proxy slots in all, so a test can fill them.
    PROXIES_JSON: JSON.stringify([
      { label: 'e2e-a', address: 'http://sim:sim@127.0.0.1:3128', capacity: 2 },
      { label: 'e2e-b', address: 'http://sim:sim@127.0.0.1:3129', capacity: 2 },
    ]),
    // The supplier simulator, and a supplier configured without its key (PROVIDER_NOT_CONFIGURED).
    SUPPLIER_PORT: String(supplierPort),
    PROXY_SUPPLIERS_JSON: JSON.stringify([
      {
        code: 'sim',
        baseUrl: `http://127.0.0.1:${supplierPort}`,
        products: ['br-residential', 'br-mobile'],
        monthlyBudget: 500_000,
        ceilings: { maxProxies: 50, maxPerOrder: 10 },
      },
      {
        code: 'keyless',
        baseUrl: `http://127.0.0.1:${supplierPort}`,
        products: ['br-residential'],
        monthlyBudget: 1_000,
        ceilings: { maxProxies: 1, maxPerOrder: 1 },
      },
    ]),
  });
};
