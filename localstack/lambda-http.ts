import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/**
 * What API Gateway's HTTP API does in front of a Lambda: the request becomes a payload v2 event,
 * and the handler's structured result becomes the response.
 */
export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway's own payload limit; the handlers enforce their smaller ones. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export const readBody = async (request: IncomingMessage): Promise<Buffer | null> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_PAYLOAD_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

const textual = /^(application\/(json|x-www-form-urlencoded)|text\/)/;

export const toEventV2 = (
  request: IncomingMessage,
  body: Buffer,
  route: { routeKey: string; pathParameters?: Record<string, string> },
): APIGatewayProxyEventV2 => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const contentType = headers['content-type'] ?? '';
  const isBase64Encoded = body.byteLength > 0 && contentType !== '' && !textual.test(contentType);
  const query = Object.fromEntries(url.searchParams);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.searchParams.toString(),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(route.pathParameters !== undefined && Object.keys(route.pathParameters).length > 0
      ? { pathParameters: route.pathParameters }
      : {}),
    ...(body.byteLength > 0
      ? { body: isBase64Encoded ? body.toString('base64') : body.toString('utf8') }
      : {}),
    isBase64Encoded,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers['host'] ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: route.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  };
};

/**
 * An invocation's context as Lambda gives it: `getRemainingTimeInMillis` counts down from the
 * function's time limit (its row's), so a handler that spends its budget by that clock (the history
 * import worker) runs as long locally as in AWS.
 */
export const lambdaContext = (functionName: string, timeoutSeconds = 30): Context => {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(deadline - Date.now(), 0),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

export const writeResult = (response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  const body =
    result.body === undefined
      ? undefined
      : result.isBase64Encoded
        ? Buffer.from(result.body, 'base64')
        : result.body;
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(body);
};
