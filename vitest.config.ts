import { defineConfig } from 'vitest/config';

/**
 * Test tiers (docs/testing.md): unit (pure rules and handlers with fakes), integration (stores
 * against DynamoDB Local started by the setup), e2e (HTTP through the local stack that `npm start`
 * runs), infra (CDK templates, synthesized without bundling), browser (the consent page in real Chromium
 * against the local stack).
 */
/** Dummy credentials: tests talk to DynamoDB Local on loopback only, never to AWS. */
const localAws = { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_REGION: 'sa-east-1' };

export default defineConfig({
  test: {
    // Two workers on a two-core machine for the unit, integration and infra files. Vitest runs the e2e
    // and browser tiers (one file at a time) after them: beside them, on two cores, the tiers took as
    // long in all and the unit tests' timeouts were at risk.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          env: localAws,
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/dynamo.global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          env: localAws,
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/local-stack.global-setup.ts'],
          setupFiles: ['test/e2e/support/release-pairings.ts'],
          // One stack serves the tier; files run one after another so table snapshots stay theirs.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'browser',
          env: localAws,
          include: ['test/browser/**/*.test.ts'],
          // The e2e tier's stack, started once for both (test/support/local-stack.global-setup.ts).
          globalSetup: ['test/support/local-stack.global-setup.ts'],
          setupFiles: ['test/browser/support/release-seats.ts'],
          // Real Chromium against one local stack: files one after another, like the e2e tier.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      // A whole app's synthesis in a beforeAll takes seconds, and longer on a busy machine.
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
