import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareEnvironment, startLocalStack, type RunningStack } from '../support/local-stack';

/**
 * A newcomer's shell: no AWS account, no credentials, no region; or a profile that names nothing.
 * The scripts the README names still work: every client of the local stack signs with the local
 * stand-in credentials whatever the shell holds (shared/adapters/local/local-endpoint.ts).
 */
let stack: RunningStack;
beforeAll(async () => {
  stack = await startLocalStack({}, { bare: true });
}, 180_000);
afterAll(async () => stack?.stop());

const npmRun = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn('npm', ['run', '--silent', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });

const operatorToken = async (env: Record<string, string>) => {
  const dynamoPort = new URL(stack.dynamoEndpoint).port;
  const run = await npmRun(['operator-token', '--', `ops-${randomUUID()}@example.com`], {
    ...bareEnvironment(),
    DYNAMODB_PORT: dynamoPort,
    ...env,
  });
  expect(run.stderr).not.toMatch(/CredentialsProviderError|Could not load credentials/);
  expect(run.code).toBe(0);
  return run.stdout.trim();
};

const overviewWith = async (token: string) =>
  (await fetch(`${stack.apiUrl}/admin/overview`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('the scripts, in a shell that holds only PATH and HOME', () => {
  it('npm start serves the API, and npm run operator-token enrols an operator it lets in', async () => {
    expect((await fetch(`${stack.apiUrl}/health`)).status).toBe(200);
    expect(await overviewWith(await operatorToken({}))).toBe(200);
  }, 120_000);

  it('a profile that names nothing and keys of another account change nothing', async () => {
    const token = await operatorToken({
      AWS_PROFILE: 'no-such-profile',
      AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      AWS_REGION: 'us-east-1',
    });
    // The same roster as the stack reads: the enrolment landed in the stack's own table.
    expect(await overviewWith(token)).toBe(200);
  }, 120_000);
});
