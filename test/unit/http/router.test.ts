import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../../functions/api/router';
import { errorEnvelope } from '../../../shared/http/error-envelope.middleware';
import { bearerOperation, ok, publicOperation } from '../../../shared/http/operation';

const event = (
  routeKey: string,
  headers: Record<string, string> = {},
  body?: string,
): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey,
    rawPath: '/',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body }),
    requestContext: {
      requestId: 'req-1',
      http: { method: 'GET', path: '/', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: '' },
    },
  }) as APIGatewayProxyEventV2;

const tokens = async () => ({ verify: async (token: string) => (token === 'good' ? 'usr_1' : null) });
const clientIp = async (e: APIGatewayProxyEventV2) => e.requestContext.http.sourceIp;
const health = publicOperation({ run: async () => ok({ fine: true }) });
const logged: Record<string, unknown>[] = [];
/** The group's other route (the OpenAPI document) is served by the same operation: these tests route to health. */
const handlerWith = (operations: Pick<Parameters<typeof createRouter<'health'>>[1], 'health'>) =>
  middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(errorEnvelope({ error: (message, fields) => void logged.push({ message, ...fields }) }))
    .handler(createRouter('health', { openApiDocument: health, ...operations }, tokens, clientIp));
const invoke = (handler: ReturnType<typeof handlerWith>, e: APIGatewayProxyEventV2) =>
  handler(e, {} as Context);

describe('a group router', () => {
  it('serves the operation the route table names for the route key', async () => {
    const answer = await invoke(handlerWith({ health }), event('GET /health'));
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body!)).toEqual({ success: true, data: { fine: true } });
  });

  it('gives the operation the address its client-IP rule decided', async () => {
    const echo = publicOperation({ run: async ({ ip }) => ok({ ip }) });
    const answer = await invoke(
      handlerWith({ health: echo }),
      event('GET /health', { 'x-forwarded-for': '1.2.3.4' }),
    );
    expect(JSON.parse(answer.body!).data).toEqual({ ip: '127.0.0.1' });
  });

  it('answers the $default route 404 NOT_FOUND in the envelope', async () => {
    const answer = await invoke(handlerWith({ health }), event('$default'));
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body!).error.code).toBe('NOT_FOUND');
  });

  it('answers the $default route 400 BAD_REQUEST when its path’s percent-encoding is malformed', async () => {
    const answer = await invoke(handlerWith({ health }), {
      ...event('$default'),
      rawPath: '/seats/%E0%A4%A',
    });
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body!).error.code).toBe('BAD_REQUEST');
  });

  it('refuses to build when an operation’s auth kind differs from the route table', () => {
    const wrong = bearerOperation({ run: async () => ok(null) });
    expect(() =>
      createRouter('health', { health: wrong, openApiDocument: health }, tokens, clientIp),
    ).toThrow(/another auth kind/);
  });

  it.each([
    ['DynamoDB throttling past the SDK’s retries', 'ProvisionedThroughputExceededException'],
    ['an AWS service throttling', 'ThrottlingException'],
    ['a dependency abandoned at its time limit', 'TimeoutError'],
  ])('answers %s 503 UNAVAILABLE (retry later), logged with its name only', async (_, name) => {
    const busy = publicOperation({
      run: async () => {
        throw Object.assign(new Error('detail from the dependency'), { name });
      },
    });
    const answer = await invoke(handlerWith({ health: busy }), event('GET /health'));
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body!)).toEqual({
      success: false,
      error: { code: 'UNAVAILABLE', message: 'The service is unavailable; retry later.' },
    });
    expect(logged.at(-1)).toMatchObject({
      message: 'request.failed',
      code: 'UNAVAILABLE',
      correlationId: 'req-1',
      cause: { name },
    });
    expect(JSON.stringify(logged.at(-1))).not.toContain('detail from the dependency');
  });

  it('turns an unexpected failure into 500 INTERNAL that says nothing else, logged with the correlation id', async () => {
    const broken = publicOperation({
      run: async () => {
        throw new Error('secret detail from deep inside');
      },
    });
    const answer = await invoke(handlerWith({ health: broken }), event('GET /health'));
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body!)).toEqual({
      success: false,
      error: { code: 'INTERNAL', message: 'Internal error.' },
    });
    expect(answer.body).not.toContain('secret detail');
    expect(logged.at(-1)).toMatchObject({ message: 'request.unexpected_error', correlationId: 'req-1' });
    // A stack begins with its error's message: only its frames are logged.
    expect(JSON.stringify(logged.at(-1))).not.toContain('secret detail');
    expect(JSON.stringify(logged.at(-1))).toContain('router.test.ts');
  });
});
