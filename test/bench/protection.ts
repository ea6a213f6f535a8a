import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { devSecrets } from '../../localstack/dev-config';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { riskCategories } from '../../shared/domain/analysis/finding';
import { seatOf } from '../../shared/domain/family/account';
import { defaultPreferences } from '../../shared/domain/notifications/preferences';
import { seatUidFor } from '../../shared/domain/family/uids';
import { calendarDate, type DayTally } from '../../shared/domain/family/week';
import type { Seat } from '../../shared/domain/family/seat';
import { alertOf, seatWithAlerts } from '../support/alerts';
import { protectedSeat } from '../support/seats';
import { seatKeysIn } from '../support/seat-keys';
import { seatKeysTableOf } from '../support/table';
import { accessToken } from './access-token';
import { runHandlersInProcess, serveApiInProcess, startBenchStack } from './bench-stack';
import { benchCount } from './counts';
import type { CountedCall } from './counting-proxy';
import { percentile } from './provider-events';

/**
 * `npm run bench`, its protection part: on the local stack, (1) the latency of
 * `GET /accounts/{uid}/home` and `GET /seats/{uid}/protection` for a family of 5 seats with a full
 * week of history (a tally per seat and day, drops, open alerts), and (2) the DynamoDB calls of each,
 * served in this process through the counting proxy; (3) how late a pause's automatic resume lands
 * after its `until`, over `BENCH_PAUSES` pauses made through the local stack's API and ended by its
 * embedded scheduler.
 */
const measured = benchCount('BENCH_HOME_REQUESTS', 500, 5);
const warmup = benchCount('BENCH_HOME_WARMUP', 20, 2);
const pauses = benchCount('BENCH_PAUSES', 50, 2);
/**
 * How far ahead each pause ends: past the pause's own request, so the schedule is made first (on a
 * loaded machine that request alone took more than 2 s).
 */
const pauseLeadMs = Number(process.env['BENCH_PAUSE_LEAD_MS'] ?? 5000);
const round = (value: number) => Math.round(value * 10) / 10;
const SEATS = 5;
const DAY_MS = 86_400_000;

const { stack, proxy, table } = await startBenchStack('bench-protection');
const ids = cryptoIds();
const seatKeys = localSeatKeys(devSecrets.LOCAL_MASTER_KEY);
const families = dynamoFamilyStore(table);

// --- The family: 5 protected seats made a week ago, each with 8 days of tallies (the week and the
// day before it, as a week-old seat has), a drop every other day, and open alerts on two seats.
const now = new Date();
const weekAgo = new Date(now.getTime() - 8 * DAY_MS);
const first = await protectedSeat(table, ids, weekAgo, seatKeys);
const accountUid = first.accountUid;
const seats: Seat[] = [first];
for (let i = 1; i < SEATS; i += 1) {
  const seat: Seat = {
    ...first,
    uid: seatUidFor(accountUid, ids.randomPart(16)),
    seatId: ids.ulid(),
    createdAt: new Date(weekAgo.getTime() + i * 60_000).toISOString(),
    version: 0,
    dataKeyId: null,
  };
  await families.addSeat(seat, []);
  seats.push(await seatKeysIn(table, seatKeysTableOf(table), seatKeys).keyed(seat, ids));
}
const historyDays = (seat: Seat, index: number): DayTally[] =>
  Array.from({ length: 8 }, (_, day) => {
    const watchedMs = DAY_MS;
    return {
      seatUid: seat.uid,
      date: calendarDate(new Date(now.getTime() - (day + 1) * DAY_MS)),
      watchedMs,
      // One seat fully connected, the others with an hour or two off the line.
      connectedMs: index === 0 ? watchedMs : watchedMs - ((day % 3) + 1) * 3_600_000,
      pausedMs: 0,
      drops: day % 2,
    };
  });
for (const [index, seat] of seats.entries()) {
  const stored = (await families.load(accountUid))?.seats.find((each) => each.uid === seat.uid) as Seat;
  const alerts =
    index < 2
      ? riskCategories
          .slice(0, 2 + index)
          .map((category, n) =>
            alertOf(ids, stored, new Date(now.getTime() - (n + 1) * 3_600_000), { category }),
          )
      : [];
  await families.saveSeat(seatWithAlerts(stored, alerts), [], {
    days: historyDays(seat, index),
    alerts: alerts.map((alert) => ({ alert, before: null })),
  });
}
// Two members, as \`POST /accounts\` and \`POST /accounts/{uid}/members\` write them: each with the copy
// of their name and \`alerts\` channels the card reads with the family.
const loaded = await families.load(accountUid);
const owner = loaded?.members[0];
if (loaded === null || owner === undefined) throw new Error('the bench family was not made');
const ownerUid = owner.userUid;
await families.saveMember(
  loaded.account,
  { ...owner, name: 'Ana Souza', alertChannels: defaultPreferences().alerts },
  [],
);
await families.addMember(
  loaded.account,
  {
    accountUid,
    userUid: ids.uid('usr'),
    role: 'guardian',
    relationship: 'grandparent',
    email: 'avo@example.com',
    joinedAt: now.toISOString(),
    version: 0,
    name: 'Rosa Souza',
    alertChannels: { inbox: true, email: false, push: true },
  },
  null,
  [],
);
const token = await accessToken(ownerUid);
const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.1' };
const homePath = `/accounts/${accountUid}/home`;
const cardPath = `/seats/${first.uid}/protection`;

/** One GET against the local stack's API, timed until its body is read; the answer checked. */
const timedGet = async (path: string): Promise<number> => {
  const started = performance.now();
  const answer = await fetch(`${stack.apiUrl}${path}`, { headers });
  const body = (await answer.json()) as { data?: { people?: unknown[] } };
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  if (body.data?.people !== undefined && body.data.people.length !== SEATS)
    throw new Error(`home shows ${body.data.people.length} people, not ${SEATS}`);
  return ms;
};
const latencyRow = (route: string, samples: number[], target = 'p99 < 50') => ({
  route,
  requests: samples.length,
  p50: round(percentile(samples, 50)),
  p99: round(percentile(samples, 99)),
  max: round(Math.max(...samples)),
  target,
});

/** The machine's load while measuring (1-minute average, at the start and end of each part). */
const loadAverages: number[] = [];
const noteLoad = () => loadAverages.push(round(loadavg()[0] ?? 0));
noteLoad();
// --- (1) Latency, over HTTP to the local stack's API (its own process, DynamoDB Local behind it),
// one request at a time, the routes in alternation so all meet the same load of the machine. The
// floor is \`GET /catalog\` (public, from the configuration, no DynamoDB call): what the stack's
// HTTP path costs by itself at that moment.
const homeSamples: number[] = [];
const cardSamples: number[] = [];
const floorSamples: number[] = [];
for (let i = 0; i < warmup + measured; i += 1) {
  const home = await timedGet(homePath);
  const card = await timedGet(cardPath);
  const floor = await timedGet('/catalog');
  if (i < warmup) continue;
  homeSamples.push(home);
  cardSamples.push(card);
  floorSamples.push(floor);
}
noteLoad();
const latencyRows = [
  latencyRow('GET /accounts/{uid}/home', homeSamples),
  latencyRow('GET /seats/{uid}/protection', cardSamples),
  latencyRow('GET /catalog (floor)', floorSamples, ''),
];

// --- (3) Pauses ended by the stack's embedded scheduler: each through the API, `until` a lead
// ahead; the resume's instant is the seat's `updatedAt` as the schedule's resume wrote it.
const pausedSeats = [];
for (let i = 0; i < pauses; i += 1) {
  const seat = await protectedSeat(table, ids, now, seatKeys);
  const family = await families.load(seat.accountUid);
  pausedSeats.push({ seat, token: await accessToken(family?.members[0]?.userUid ?? '') });
}
const untilOf = new Map<string, number>();
for (const { seat, token: owner } of pausedSeats) {
  const until = new Date(Date.now() + pauseLeadMs);
  const answer = await fetch(`${stack.apiUrl}/seats/${seat.uid}/pause`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ until: until.toISOString() }),
  });
  if (answer.status !== 200) throw new Error(`pause answered ${answer.status}: ${await answer.text()}`);
  untilOf.set(seat.uid, until.getTime());
}
const lateness = new Map<string, number>();
const deadline = Date.now() + pauseLeadMs + 30_000;
while (lateness.size < pausedSeats.length) {
  if (Date.now() > deadline)
    throw new Error(`${pausedSeats.length - lateness.size} pauses not resumed within 30 s of their until`);
  for (const { seat } of pausedSeats) {
    if (lateness.has(seat.uid)) continue;
    const family = await families.load(seat.accountUid);
    const current = family === null ? undefined : seatOf(family, seat.uid);
    if (current?.status === 'active' && current.pause === null)
      lateness.set(seat.uid, Date.parse(current.updatedAt) - (untilOf.get(seat.uid) ?? 0));
  }
  await new Promise((done) => setTimeout(done, 100));
}
noteLoad();
const late = [...lateness.values()];
const pauseRow = {
  pauses: late.length,
  leadMs: pauseLeadMs,
  p50: round(percentile(late, 50)),
  p99: round(percentile(late, 99)),
  max: round(Math.max(...late)),
  early: late.filter((ms) => ms < 0).length,
  target: 'max < 2000 after until',
};

// --- (2) The calls, the API served in this process through the counting proxy.
runHandlersInProcess(stack, proxy);
const { api, apiPort } = await serveApiInProcess();
const describeCalls = (calls: CountedCall[]) =>
  calls.map((call) => `${call.operation}(${call.partition ?? ''})`).join(' ');
const callRows = [];
for (const [route, path, target] of [
  ['GET /accounts/{uid}/home', homePath, '<= 2'],
  ['GET /seats/{uid}/protection', cardPath, '1'],
] as const) {
  const counts = [];
  let operations = '';
  // The first request of a cold handler is counted too: it makes no extra call.
  for (let i = 0; i < 5; i += 1) {
    proxy.takeCalls();
    const answer = await fetch(`http://127.0.0.1:${apiPort}${path}`, { headers });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} in process`);
    const calls = proxy.takeCalls();
    counts.push(calls.length);
    operations = describeCalls(calls);
  }
  callRows.push({ route, calls: Math.max(...counts), operations, target });
}
await new Promise<void>((done) => api.close(() => done()));
await proxy.close();
await stack.stop();

console.log(
  `\nHome and protection card, local stack, family of ${SEATS} seats with a week of history (ms; ${warmup} warm-up requests not counted)`,
);
console.table(latencyRows);
console.log(
  `1-minute load average of the machine (2 cores) during parts 1 and 3: ${loadAverages.join(', ')}`,
);
console.log('\nDynamoDB calls per request (in process, through the counting proxy)');
console.table(callRows);
console.log(
  `\nAutomatic resume after \`until\` (ms), ${pauses} pauses, embedded scheduler of the local stack`,
);
console.table([pauseRow]);
mkdirSync(resolve('.bench'), { recursive: true });
writeFileSync(
  resolve('.bench', 'protection.json'),
  JSON.stringify({ latencyRows, callRows, pauseRow, loadAverages }, null, 2),
);
// The SDK's sockets and the API handlers' embedded schedulers would keep the process alive.
process.exit(0);
