import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { startLocalStack } from '../support/local-stack';

const answers = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  it('prints its URLs and ready, serves the API, and stops every child on Ctrl-C', async () => {
    const stack = await startLocalStack();
    expect((await fetch(`${stack.apiUrl}/health`)).status).toBe(200);
    expect(await answers(stack.dynamoEndpoint)).toBe(true);
    await stack.stop();
    expect(stack.process.exitCode).toBe(0);
    // DynamoDB Local, a Java child, is gone too: nothing answers on its port.
    await eventually(
      () => answers(stack.dynamoEndpoint),
      (up) => !up,
      'DynamoDB Local to stop',
      10_000,
    );
    expect(await answers(stack.apiUrl)).toBe(false);
  });

  it('refuses to start on a bad configuration value, naming the variable', async () => {
    await expect(startLocalStack({ OTP_TTL_SECONDS: 'ten' })).rejects.toThrow(/OTP_TTL_SECONDS/);
  });
});
