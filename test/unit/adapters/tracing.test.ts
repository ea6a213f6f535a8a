import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../../../localstack/lambda-http';

/** The tracing module, replaced so that a test sees whether it was loaded and what it was asked. */
const tracingModule = '../../../shared/adapters/lambda/tracing.mjs';
const mockTracing = () => {
  const seen: string[] = [];
  vi.doMock(tracingModule, () => {
    seen.push('loaded');
    return {
      tracingMiddleware: () => ({
        before: () => void seen.push('before'),
        after: () => void seen.push('after'),
        onError: () => void seen.push('onError'),
      }),
    };
  });
  return seen;
};

const observedHandler = async (fails = false) => {
  const { observed } = await import('../../../shared/adapters/lambda/observability');
  return observed(async () => {
    if (fails) throw new Error('boom');
    return 'done';
  });
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.doUnmock(tracingModule);
  vi.resetModules();
  vi.restoreAllMocks();
});

describe('tracing', () => {
  it('is never loaded where there is no X-Ray daemon (the local stack, the tests): promises stay cheap', async () => {
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', undefined);
    const seen = mockTracing();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const handler = await observedHandler();
    expect(await handler({}, lambdaContext('alerts'))).toBe('done');
    expect(seen).toEqual([]);
  });

  it('wraps every invocation where a Lambda with active tracing has a daemon, failures included', async () => {
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', '169.254.79.129:2000');
    const seen = mockTracing();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await (await observedHandler())({}, lambdaContext('alerts'))).toBe('done');
    await expect((await observedHandler(true))({}, lambdaContext('alerts'))).rejects.toThrow('boom');
    expect(seen).toEqual(['loaded', 'before', 'after', 'before', 'onError']);
  });
});
