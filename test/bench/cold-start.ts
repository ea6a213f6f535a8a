import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { functionGroups, type FunctionGroup } from '../../infra/routes';
import { buildBundles } from '../support/bundles';
import { nextDelivery } from '../e2e/support/api';
import { useStack } from '../e2e/support/stack';
import { accessToken } from './access-token';
import { runHandlersInProcess, serveApiInProcess, startBenchStack } from './bench-stack';
import { benchCount } from './counts';
import { validDependent } from '../support/fixtures';
import { workerEnvironment } from './worker-environment';

/**
 * `npm run bench`, its cold-start part: (1) the cold start of every function group's built
 * bundle beside a floor that only creates the DynamoDB document client and does one GetItem; (2) the
 * DynamoDB calls of each route.
 * Everything runs on loopback against the local stack (its DynamoDB Local, its queues and their
 * workers: a sign-in code reaches its user through the sign-in mails' queue).
 */
const out = resolve('.bench');
mkdirSync(out, { recursive: true });
// 21 rounds: the median of 11 moved the worker's ratio to the floor by up to 0.15 between runs
// minutes apart, as much as the margin its target leaves.
const runs = benchCount('BENCH_RUNS', 21, 1);

const { stack, proxy } = await startBenchStack('bench');
useStack(stack);
runHandlersInProcess(stack, proxy);

try {
  // --- Bundles, built with the options CDK deploys with (chunks beside them, as in the asset).
  await buildBundles(out, {
    extra: { floor: 'test/bench/floor.ts', 'session-events-cold': 'test/bench/session-events-cold.ts' },
  });

  // --- Data for the requests: one family with a seat, made through the real routes (in process).
  const { api, apiPort } = await serveApiInProcess();
  const base = `http://127.0.0.1:${apiPort}`;
  const callApi = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '192.0.2.1',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  const calls: { route: string; status: number; operations: string[] }[] = [];
  /** One request, its DynamoDB calls counted; an answer other than the one expected stops the part. */
  const measure = async (
    route: string,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    expected: 'success' | 'refusal' = 'success',
  ) => {
    proxy.take();
    if (process.env['BENCH_DEBUG']) process.stderr.write(`${route}\n`);
    const answer = await callApi(method, path, token, body);
    calls.push({ route, status: answer.status, operations: proxy.take() });
    const succeeded = answer.status >= 200 && answer.status < 300;
    if (succeeded !== (expected === 'success') || answer.status >= 500)
      throw new Error(`${route} answered ${answer.status}, not the ${expected} measured`);
    return answer;
  };
  // Sign-up through the routes: the code comes as the sign-in mails' worker delivers it (its log line).
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await measure('POST /auth/otp/request', 'POST', '/auth/otp/request', undefined, {
    email,
    delivery: 'code',
    intent: 'signup',
  });
  const code = (await nextDelivery(email, 0, 30_000)).code ?? '';
  await measure(
    'POST /auth/otp/verify (wrong code)',
    'POST',
    '/auth/otp/verify',
    undefined,
    { email, code: code === '000000' ? '111111' : '000000' },
    'refusal',
  );
  const verified = await measure('POST /auth/otp/verify', 'POST', '/auth/otp/verify', undefined, {
    email,
    code,
  });
  const token = verified.body.data.accessToken as string;
  await measure('GET /me', 'GET', '/me', token);
  await measure('PATCH /me', 'PATCH', '/me', token, { name: 'Bench' });
  const account = await measure('POST /accounts', 'POST', '/accounts', token, { name: 'Bench' });
  const accountUid = account.body.data.uid as string;
  await measure('GET /accounts', 'GET', '/accounts', token);
  const seat = await measure('POST /accounts/{uid}/seats', 'POST', `/accounts/${accountUid}/seats`, token);
  const seatUid = seat.body.data.uid as string;
  await measure('PUT /seats/{uid}/dependent', 'PUT', `/seats/${seatUid}/dependent`, token, validDependent);
  await measure('GET /seats/{uid}', 'GET', `/seats/${seatUid}`, token);
  const asked = await measure(
    'POST /seats/{uid}/consent-request',
    'POST',
    `/seats/${seatUid}/consent-request`,
    token,
    { send: 'later' },
  );
  const linkToken = String(asked.body.data.seat.consent.link).split('/c/')[1] ?? '';
  await measure('GET /seats/{uid}/consent', 'GET', `/seats/${seatUid}/consent`, token);
  await measure('GET /seats/{uid}/protection', 'GET', `/seats/${seatUid}/protection`, token);
  await measure('GET /consent-requests/{token}', 'GET', `/consent-requests/${linkToken}`);
  await measure('POST /accounts/{uid}/subscription', 'POST', `/accounts/${accountUid}/subscription`, token, {
    interval: 'monthly',
  });
  await measure('GET /accounts/{uid}/subscription', 'GET', `/accounts/${accountUid}/subscription`, token);
  await measure('GET /accounts/{uid}/onboarding', 'GET', `/accounts/${accountUid}/onboarding`, token);
  const invited = await measure(
    'POST /accounts/{uid}/members',
    'POST',
    `/accounts/${accountUid}/members`,
    token,
    { email: 'bench-guardian@example.com' },
  );
  const memberUid = invited.body.data.uid as string;
  await measure('GET /accounts/{uid}/members', 'GET', `/accounts/${accountUid}/members`, token);
  await measure(
    'PATCH /accounts/{uid}/members/{memberUid}',
    'PATCH',
    `/accounts/${accountUid}/members/${memberUid}`,
    token,
    { relationship: 'sibling' },
  );
  await measure(
    'DELETE /accounts/{uid}/members/{memberUid}',
    'DELETE',
    `/accounts/${accountUid}/members/${memberUid}`,
    token,
  );
  await measure(
    'POST /consent-requests/{token}/decline',
    'POST',
    `/consent-requests/${linkToken}/decline`,
    undefined,
    {},
  );
  await measure('DELETE /seats/{uid}', 'DELETE', `/seats/${seatUid}`, token);
  await measure('GET /catalog', 'GET', '/catalog');
  await measure('GET /health', 'GET', '/health');
  await new Promise<void>((done) => api.close(() => done()));

  // --- Cold starts: a fresh process per run, importing the bundle and serving one request. Each run
  // comes from its own address (and signs in with its own e-mail, opens its own unknown link), so no
  // run meets a rate limit the earlier ones used up and every run takes the same path.
  const unknownLink = (round: number) => `${'Q'.repeat(40)}${String(round).padStart(3, '0')}`;
  const requestsFor = (
    round: number,
  ): Record<
    FunctionGroup,
    {
      routeKey: string;
      path: string;
      method: string;
      body?: unknown;
      pathParameters?: Record<string, string>;
    }
  > => ({
    auth: {
      routeKey: 'POST /auth/otp/request',
      method: 'POST',
      path: '/auth/otp/request',
      body: { email: `cold-${round}@example.com`, delivery: 'code' },
    },
    accounts: { routeKey: 'GET /accounts', method: 'GET', path: '/accounts' },
    admin: { routeKey: 'GET /admin/audit', method: 'GET', path: '/admin/audit' },
    supply: {
      routeKey: 'GET /admin/proxy-supply/ceilings',
      method: 'GET',
      path: '/admin/proxy-supply/ceilings',
    },
    seats: {
      routeKey: 'GET /seats/{uid}',
      method: 'GET',
      path: `/seats/${seatUid}`,
      pathParameters: { uid: seatUid },
    },
    consent: {
      routeKey: 'GET /consent-requests/{token}',
      method: 'GET',
      path: `/consent-requests/${linkToken}`,
      pathParameters: { token: linkToken },
    },
    // The upload function's own load and first answer (an unknown link): the checks themselves are
    // the detectors' time, not the function's.
    evidence: {
      routeKey: 'POST /consent-requests/{token}/evidence',
      method: 'POST',
      path: `/consent-requests/${unknownLink(round)}/evidence`,
      pathParameters: { token: unknownLink(round) },
    },
    pairing: {
      routeKey: 'GET /seats/{uid}/channels',
      method: 'GET',
      path: `/seats/${seatUid}/channels`,
      pathParameters: { uid: seatUid },
    },
    alerts: {
      routeKey: 'GET /accounts/{uid}/alerts',
      method: 'GET',
      path: `/accounts/${accountUid}/alerts`,
      pathParameters: { uid: accountUid },
    },
    notifications: { routeKey: 'GET /notifications', method: 'GET', path: '/notifications' },
    history: {
      routeKey: 'GET /seats/{uid}/history-import',
      method: 'GET',
      path: `/seats/${seatUid}/history-import`,
      pathParameters: { uid: seatUid },
    },
    health: { routeKey: 'GET /health', method: 'GET', path: '/health' },
  });
  /** Not a route's group: the session-events worker up to its first message (session-events-cold.ts). */
  const sessionEventsWorker = 'session-events-cold';
  type ColdRequest = ReturnType<typeof requestsFor>[FunctionGroup];
  const childScript = (bundle: string, event: unknown) => `
    const before = performance.now();
    const { handler } = await import(${JSON.stringify(bundle)});
    const imported = performance.now();
    const result = await handler(${JSON.stringify(event)}, { awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 });
    if ((result.statusCode ?? 200) >= 500) { console.error(JSON.stringify(result)); process.exit(1); }
    console.log(JSON.stringify({ total: performance.now(), importMs: imported - before, serveMs: performance.now() - imported, status: result.statusCode }));
  `;

  const eventFor = (request: ColdRequest, bearer: string, round: number) => ({
    version: '2.0',
    routeKey: request.routeKey,
    rawPath: request.path,
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${bearer}`,
      'x-forwarded-for': `198.51.${Math.floor(round / 250)}.${(round % 250) + 1}`,
    },
    ...(request.pathParameters ? { pathParameters: request.pathParameters } : {}),
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    isBase64Encoded: false,
    requestContext: {
      requestId: 'bench',
      http: {
        method: request.method,
        path: request.path,
        protocol: 'HTTP/1.1',
        sourceIp: `198.51.${Math.floor(round / 250)}.${(round % 250) + 1}`,
        userAgent: 'bench',
      },
    },
  });
  type Timing = { total: number; importMs: number; serveMs: number; status: number };
  /**
   * The API groups serve their request against the local stack, with its environment. The worker
   * starts with its function's environment in AWS (`workerEnvironment`): its path reads only the
   * table, which is the local stack's, as the floor's.
   */
  const sessionEventsEnvironment = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    AWS_ACCESS_KEY_ID: process.env['AWS_ACCESS_KEY_ID'],
    AWS_SECRET_ACCESS_KEY: process.env['AWS_SECRET_ACCESS_KEY'],
    AWS_REGION: process.env['AWS_REGION'],
    ...workerEnvironment('sessionEvents'),
    TABLE_NAME: process.env['TABLE_NAME'],
  };
  const coldStartOnce = (
    bundle: string,
    event: unknown,
    environment: NodeJS.ProcessEnv = process.env,
  ): Timing => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', childScript(bundle, event)], {
      env: {
        ...environment,
        DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
        // The worker's analyzer builds a Bedrock client it never calls: loopback all the same.
        AWS_ENDPOINT_URL_BEDROCK_RUNTIME: 'http://127.0.0.1:9',
      },
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`cold start of ${bundle} failed: ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Timing;
  };
  const median = (samples: number[]): number =>
    [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;
  // A token signed like the service's own, for the same user, so each cold process verifies one.
  const bearer = await accessToken(
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string,
  );
  // Rounds interleave the floor and the groups, so drift in the machine's load touches all alike.
  const samples: Record<string, Timing[]> = {
    floor: [],
    [sessionEventsWorker]: [],
    ...Object.fromEntries(functionGroups.map((group) => [group, []])),
  };
  for (let round = 0; round < runs; round += 1) {
    samples['floor']!.push(coldStartOnce(resolve(out, 'floor.mjs'), {}));
    samples[sessionEventsWorker]!.push(
      coldStartOnce(resolve(out, `${sessionEventsWorker}.mjs`), {}, sessionEventsEnvironment),
    );
    for (const group of functionGroups) {
      samples[group]!.push(
        coldStartOnce(resolve(out, `${group}.mjs`), eventFor(requestsFor(round)[group], bearer, round)),
      );
    }
  }
  const medianOf = (name: string, pick: (timing: Timing) => number) => median(samples[name]!.map(pick));
  const floor = medianOf('floor', (timing) => timing.total);
  const coldRows = [...functionGroups, sessionEventsWorker].map((group) => {
    const ms = medianOf(group, (timing) => timing.total);
    return {
      group,
      request:
        group === sessionEventsWorker
          ? 'first message: the worker loaded, the screen and its model, one window'
          : requestsFor(0)[group as FunctionGroup].routeKey,
      coldStartMs: Math.round(ms),
      importMs: Math.round(medianOf(group, (timing) => timing.importMs)),
      serveMs: Math.round(medianOf(group, (timing) => timing.serveMs)),
      floorMs: Math.round(floor),
      floorImportMs: Math.round(medianOf('floor', (timing) => timing.importMs)),
      floorServeMs: Math.round(medianOf('floor', (timing) => timing.serveMs)),
      statuses: [...new Set(samples[group]!.map((timing) => timing.status))].join(' '),
      ratio: Number((ms / floor).toFixed(2)),
      target: '<= 1.5',
    };
  });

  const callRows = calls.map((call) => {
    const count = (names: string[]) => call.operations.filter((op) => names.includes(op)).length;
    return {
      route: call.route,
      status: call.status,
      calls: call.operations.length,
      reads: count(['GetItem', 'Query', 'BatchGetItem', 'DescribeTable']),
      // A transaction, or the plain write of one item (which needs none).
      writes: count(['TransactWriteItems', 'PutItem', 'UpdateItem', 'DeleteItem']),
      counters: count(['Counter']),
      operations: call.operations.join(' '),
    };
  });

  console.log(
    `\nCold start, median of ${runs} fresh processes (Node ${process.versions.node}, DynamoDB Local on loopback)`,
  );
  console.table(coldRows);
  console.log('\nDynamoDB calls per route (counters: rate-limit counters and the wrong-attempt counter)');
  console.table(callRows);
  writeFileSync(resolve(out, 'results.json'), JSON.stringify({ coldRows, callRows }, null, 2));
} finally {
  await proxy.close();
  await stack.stop();
}
