import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { localEnvironment } from '../../localstack/dev-config';
import { lambdaContext } from '../../localstack/lambda-http';
import { freshTable } from '../support/table';
import { handlerAs } from '../../localstack/table-guard';
import { guardTableCallsOfThisFile } from '../support/table-guard';

// Its table calls are checked against the auth group's grants, as IAM checks them in AWS.
guardTableCallsOfThisFile();

/**
 * The sign-in group's handler as AWS runs it (`CLIENT_IP_SOURCE=edge`, a CloudFront origin secret
 * configured), called with API Gateway's payload v2 events against DynamoDB Local: whatever a caller
 * writes into `X-Forwarded-For` or `CloudFront-Viewer-Address`, its per-IP budget is its own address's.
 */
const originSecret = 'origin-secret-of-the-test-distribution';
type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;
let handler: Handler;

beforeAll(async () => {
  const table = await freshTable();
  const environment = {
    ...localEnvironment({ DYNAMODB_PORT: 0, WEB_PORT: 0, BUSINESS_PROVIDER_PORT: 0, GATEWAY_PORT: 0 }, {}),
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    TABLE_NAME: table.tableName,
    LOG_LEVEL: 'SILENT',
    CLIENT_IP_SOURCE: 'edge',
    CLOUDFRONT_ORIGIN_HEADER: 'x-origin-verify',
    CLOUDFRONT_ORIGIN_SECRET: originSecret,
    RATE_OTP_VERIFY_PER_IP: '3/3600',
    // The group's letters queue (a code's verification posts none).
    SIGN_IN_MAILS_QUEUE_URL: 'http://127.0.0.1:9/000000000000/sign-in-mails',
  };
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  // The handler reads its configuration when it loads: only now is the environment the edge's.
  const loaded = (await import('../../functions/api/auth/handler')) as { handler: Handler };
  handler = handlerAs('auth', loaded.handler);
});

let requests = 0;
/** `POST /auth/otp/verify` with a wrong code, as API Gateway hands it over. */
const verify = async (sourceIp: string, headers: Record<string, string> = {}) => {
  requests += 1;
  const now = new Date();
  const event = {
    version: '2.0',
    routeKey: 'POST /auth/otp/verify',
    rawPath: '/auth/otp/verify',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: `nobody-${requests}@example.com`, code: '000000' }),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'api.example.com',
      domainPrefix: 'api',
      http: { method: 'POST', path: '/auth/otp/verify', protocol: 'HTTP/1.1', sourceIp, userAgent: 'test' },
      requestId: `req-${requests}`,
      routeKey: 'POST /auth/otp/verify',
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  } satisfies APIGatewayProxyEventV2;
  const answer = await handler(event, lambdaContext('api-auth'));
  return { status: answer.statusCode, code: JSON.parse(String(answer.body)).error?.code as string };
};

const rotated = (n: number) => `203.0.113.${n % 250}`;

describe('per-IP limits in AWS (client IP from the edge)', () => {
  it('are not escaped by rotating X-Forwarded-For: the source address API Gateway saw counts', async () => {
    const caller = '198.51.100.20';
    const spent = [];
    for (let i = 0; i < 3; i += 1) spent.push(await verify(caller, { 'x-forwarded-for': rotated(i) }));
    expect(spent.map((answer) => answer.code)).not.toContain('RATE_LIMITED');
    // The caller's own entry first and its real address last, as in the reported bypass.
    const rotating = [];
    for (let i = 3; i < 23; i += 1)
      rotating.push(await verify(caller, { 'x-forwarded-for': `${rotated(i)}, ${caller}` }));
    expect(rotating.every((answer) => answer.status === 429 && answer.code === 'RATE_LIMITED')).toBe(true);
    // Another address still has its own budget.
    expect((await verify('198.51.100.21')).code).not.toBe('RATE_LIMITED');
  });

  it('count an IPv6 network by its /64: a caller moving to other addresses of it keeps its budget', async () => {
    const spent = [];
    for (let i = 1; i <= 3; i += 1) spent.push(await verify(`2001:db8:77:1::${i}`));
    expect(spent.map((answer) => answer.code)).not.toContain('RATE_LIMITED');
    const rotating = [];
    for (let i = 1; i <= 10; i += 1)
      rotating.push(await verify(`2001:db8:77:1:${i.toString(16)}:beef::${i}`));
    expect(rotating.every((answer) => answer.code === 'RATE_LIMITED')).toBe(true);
    // The next /64 is another client, with its own budget.
    expect((await verify('2001:db8:77:2::1')).code).not.toBe('RATE_LIMITED');
  });

  it('are not escaped by a forged CloudFront viewer address without the origin secret', async () => {
    const caller = '198.51.100.30';
    for (let i = 0; i < 3; i += 1) await verify(caller);
    const forged = [];
    for (let i = 0; i < 10; i += 1) {
      forged.push(
        await verify(caller, {
          'cloudfront-viewer-address': `${rotated(i)}:443`,
          'x-origin-verify': i % 2 === 0 ? 'a-guess-at-the-secret-value' : '',
        }),
      );
    }
    expect(forged.every((answer) => answer.code === 'RATE_LIMITED')).toBe(true);
  });

  it('count CloudFront’s viewer address when the origin secret comes with it', async () => {
    const cloudFrontEdge = '130.176.0.10';
    const through = (viewer: string) =>
      verify(cloudFrontEdge, { 'x-origin-verify': originSecret, 'cloudfront-viewer-address': viewer });
    const first = [];
    for (let i = 0; i < 4; i += 1) first.push(await through('192.0.2.50:50123'));
    expect(first.map((answer) => answer.code)).toEqual([
      expect.not.stringMatching(/^RATE_LIMITED$/),
      expect.not.stringMatching(/^RATE_LIMITED$/),
      expect.not.stringMatching(/^RATE_LIMITED$/),
      'RATE_LIMITED',
    ]);
    // Another viewer behind the same CloudFront edge (IPv6) has its own budget.
    expect((await through('2001:db8::50:50123')).code).not.toBe('RATE_LIMITED');
  });
});
