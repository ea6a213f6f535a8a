import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { tableGuardLine } from '../../localstack/table-guard';
import { stackContext, type StackContext } from '../e2e/support/stack';
import { startLocalStack } from './local-stack';
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

/** One local stack for the e2e tier; tests isolate their data by unique e-mails and families. */
export default async function setup(project: TestProject) {
  const supplierPort = await freePort();
  // A short resend wait so tests can see it end.
  const stack = await startLocalStack({
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
  const context = stackContext(stack);
  for (const key of Object.keys(context) as (keyof StackContext)[]) project.provide(key, context[key]);
  return async () => {
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
