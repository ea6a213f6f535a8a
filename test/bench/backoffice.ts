import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { enrollOperator, signOperatorToken } from '../../localstack/operator-issuer';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { seedBackoffice } from './backoffice-seed';
import { runHandlersInProcess, serveApiInProcess, startBenchStack } from './bench-stack';
import { benchCount } from './counts';
import type { CountedCall } from './counting-proxy';
import { percentile } from './provider-events';

/**
 * `npm run bench`, its backoffice part: with `BENCH_BACKOFFICE_SEATS` seats (10,000) and ten
 * timeline events each (100,000) seeded by BatchWrite, (1) the latency of every backoffice list's
 * pages on the local stack, walked by their cursors, beside a floor route; (2) the DynamoDB calls of
 * each page, the API served in this process through the counting proxy: one Query for the list,
 * besides the roster read every operator request makes and the read's audit entry.
 */
const seats = benchCount('BENCH_BACKOFFICE_SEATS', 10_000, 20);
const eventsPerSeat = benchCount('BENCH_BACKOFFICE_EVENTS_PER_SEAT', 10, 2);
const measured = benchCount('BENCH_BACKOFFICE_REQUESTS', 100, 1);
const warmup = benchCount('BENCH_BACKOFFICE_WARMUP', 10, 0);
const round = (value: number) => Math.round(value * 10) / 10;

const { stack, proxy, table } = await startBenchStack('bench-backoffice');
const ids = cryptoIds();

const seedStarted = performance.now();
const seeded = await seedBackoffice(table, ids, {
  seats,
  seatsPerFamily: 5,
  eventsPerSeat,
  now: new Date(),
  parallel: 16,
});
const seedSeconds = round((performance.now() - seedStarted) / 1000);
const member = await enrollOperator(
  { endpoint: stack.dynamoEndpoint, tableName: stack.tableName },
  { email: 'bench-ops@example.com', role: 'operator' },
);
const headers = { authorization: `Bearer ${await signOperatorToken(member, { ttlSeconds: 3600 })}` };
const someSeat = seeded.seatUids[Math.floor(seeded.seatUids.length / 2)] ?? '';

/** Each list, walked page by page (30 a page, 50 for the timeline), starting over at its end. */
const lists: { route: string; path: string; name: string }[] = [
  { route: 'GET /admin/users', path: '/admin/users', name: 'users' },
  { route: 'GET /admin/dependents', path: '/admin/dependents', name: 'dependents' },
  { route: 'GET /admin/connections', path: '/admin/connections', name: 'connections' },
  {
    route: 'GET /admin/connections?status=paired',
    path: '/admin/connections?status=paired',
    name: 'connections',
  },
  { route: 'GET /admin/consents', path: '/admin/consents', name: 'consents' },
  { route: 'GET /admin/accounts', path: '/admin/accounts', name: 'accounts' },
  { route: 'GET /admin/customers', path: '/admin/customers', name: 'customers' },
  { route: 'GET /admin/subscriptions', path: '/admin/subscriptions', name: 'subscriptions' },
  {
    route: 'GET /admin/seats/{uid}/timeline',
    path: `/admin/seats/${someSeat}/timeline?limit=5`,
    name: 'events',
  },
  { route: 'GET /admin/audit', path: '/admin/audit', name: 'audit' },
];
const cursors = new Map<string, string | null>();
const pageOf = (list: (typeof lists)[number]) => {
  const cursor = cursors.get(list.route) ?? null;
  const separator = list.path.includes('?') ? '&' : '?';
  return cursor === null ? list.path : `${list.path}${separator}cursor=${cursor}`;
};

/** One page against an API, timed until its body is read; the answer checked and its cursor kept. */
const timedPage = async (base: string, list: (typeof lists)[number] | null): Promise<number> => {
  const path = list === null ? '/catalog' : pageOf(list);
  const started = performance.now();
  const answer = await fetch(`${base}${path}`, { headers });
  const body = (await answer.json()) as { data?: Record<string, unknown> };
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  if (list !== null) {
    const rows = body.data?.[list.name];
    // Only a first page may not be empty: the data is there; a walk's last page may be.
    if (!Array.isArray(rows) || (rows.length === 0 && !path.includes('cursor=')))
      throw new Error(`${path} listed nothing`);
    cursors.set(list.route, (body.data?.['nextCursor'] as string | null | undefined) ?? null);
  }
  return ms;
};

const loadAverages: number[] = [];
const noteLoad = () => loadAverages.push(round(loadavg()[0] ?? 0));
noteLoad();
// --- (1) Latency over HTTP, one request at a time, the lists in alternation with the floor
// (`GET /catalog`: public, no DynamoDB call) so all meet the same load of the machine.
const samples = new Map<string, number[]>([...lists.map((list) => [list.route, []] as [string, number[]])]);
const floor: number[] = [];
for (let i = 0; i < warmup + measured; i += 1) {
  for (const list of lists) {
    const ms = await timedPage(stack.apiUrl, list);
    if (i >= warmup) samples.get(list.route)?.push(ms);
  }
  const ms = await timedPage(stack.apiUrl, null);
  if (i >= warmup) floor.push(ms);
}
noteLoad();
const latencyRow = (route: string, values: number[], target = 'p99 < 50') => ({
  route,
  requests: values.length,
  p50: round(percentile(values, 50)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
  target,
});
const latencyRows = [
  ...lists.map((list) => latencyRow(list.route, samples.get(list.route) ?? [])),
  latencyRow('GET /catalog (floor)', floor, ''),
];

// --- (2) The calls, the API served in this process through the counting proxy: a first page and
// a page from a cursor of each list.
runHandlersInProcess(stack, proxy);
const { api, apiPort } = await serveApiInProcess();
const describeCalls = (calls: CountedCall[]) =>
  calls.map((call) => `${call.operation}(${call.partition ?? ''})`).join(' ');
const callRows = [];
cursors.clear();
for (const list of lists) {
  let queries = 0;
  let operations = '';
  for (let page = 0; page < 3; page += 1) {
    proxy.takeCalls();
    await timedPage(`http://127.0.0.1:${apiPort}`, list);
    const calls = proxy.takeCalls();
    queries = Math.max(queries, calls.filter((call) => call.operation === 'Query').length);
    operations = describeCalls(calls);
  }
  callRows.push({ route: list.route, queries, operations, target: '1 Query' });
}
await new Promise<void>((done) => api.close(() => done()));
await proxy.close();
await stack.stop();

console.log(
  `\nBackoffice lists, local stack, ${seats} seats and ${seats * eventsPerSeat} events (${seeded.items} items seeded by BatchWrite in ${seedSeconds} s; ms, ${warmup} warm-up rounds not counted)`,
);
console.table(latencyRows);
console.log(
  `1-minute load average of the machine (2 cores) before and after part 1: ${loadAverages.join(', ')}`,
);
console.log('\nDynamoDB calls per page (in process, through the counting proxy; the last of 3 pages shown)');
console.table(callRows);
mkdirSync(resolve('.bench'), { recursive: true });
writeFileSync(
  resolve('.bench', 'backoffice.json'),
  JSON.stringify(
    { seats, events: seats * eventsPerSeat, seedSeconds, latencyRows, callRows, loadAverages },
    null,
    2,
  ),
);
// The SDK's sockets and the API handlers' embedded schedulers would keep the process alive.
process.exit(0);
