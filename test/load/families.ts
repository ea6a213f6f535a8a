import { setTimeout as arrival } from 'node:timers/promises';
import { routes } from '../../infra/routes';
import { toEvent } from '../../shared/adapters/dynamo/items';
import { belongsTo, type StreamTopic } from '../../shared/domain/events/streams';
import { eventually } from '../support/eventually';
import { call, observeCalls, uniqueIp, type CallRecord } from '../e2e/support/api';
import { eventsOf, protectedSeat } from '../e2e/support/consent';
import { pair, simulate } from '../e2e/support/pairing';
import { fromTheStart, guardianStream, listen, type Received } from '../e2e/support/streams';
import { percentile } from '../bench/provider-events';

/**
 * The core of `npm run load` (and of its e2e guard): families go concurrently through sign-up,
 * consent, activation, pairing and messages on a running local stack, each watched by its
 * guardian's stream and its person's stream; then every stream is held to the table.
 */

export interface LoadOptions {
  families: number;
  /** Messages each paired person receives (each carries the sandbox marker, so each is a finding). */
  messages: number;
  /** How long the streams may take to catch up with the table once every journey is over. */
  settleMs?: number;
  /** How long each wait of a journey may last (pairing, warm-up, analysis); 120 s unless given. */
  patienceMs?: number;
  /**
   * Over how long the families arrive, evenly (0: all in the same instant). An arrival pace, not a
   * wait for a result: the journeys still overlap, the later ones starting while the first run.
   */
  rampMs?: number;
  /**
   * Every how many families one has a provider whose history calls fail (503) for good: its warm-up
   * is tried again, then ends `failed`, and protection goes on live. 0: none fail.
   */
  failingImportsEvery?: number;
}

type Stream = ReturnType<typeof listen>;

interface Journey {
  /** How long the first import took from `paired` to its end, and how it ended. */
  warmUp: { ms: number; status: string };
  accountUid: string;
  seatUid: string;
  token: string;
  streams: { name: string; kind: StreamTopic['kind']; stream: Stream }[];
}

/** What one stream got, held to the events of its topic the table holds. */
export interface StreamCheck {
  stream: string;
  expected: number;
  received: number;
  /** Committed events of its topic the stream never carried. */
  missing: string[];
  /** Events carried more than once. */
  repeated: string[];
  /** Events carried that are not its topic's (or not in the table). */
  foreign: string[];
  /**
   * Events carried after a newer one without the relay's late-event mark (a frame whose `id:` line
   * is the stream's position, not the event's own id): out of commit order.
   */
  outOfOrder: string[];
}

export interface Timing {
  name: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadReport {
  families: number;
  messages: number;
  /** Journeys that did not finish, with why. */
  failures: string[];
  /** Every 5xx answer seen (the API, and the gateway behind the simulator's controls). */
  serverErrors: string[];
  streams: StreamCheck[];
  byGroup: Timing[];
  byRoute: Timing[];
  /** The wall time of the concurrent journeys. */
  journeysMs: number;
  /** The families that finished, for the read-route run that follows. */
  finished: { accountUid: string; seatUid: string; token: string }[];
  /** How the warm-ups ended (`done`, `failed`) and how long they took, by how they ended. */
  warmUps: Timing[];
  /** Warm-ups that ended otherwise than planned: `done` for a working provider, `failed` for a failing one. */
  unplannedWarmUps: string[];
}

const matchers = routes.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The route row a call was for, by its method and path template. */
const routeOf = (method: string, path: string) =>
  matchers.find((row) => row.route.method === method && row.pattern.test(path.split('?')[0] ?? path))?.route;

const round = (value: number) => Math.round(value * 10) / 10;

const timings = (samples: Map<string, number[]>): Timing[] =>
  [...samples]
    .map(([name, values]) => ({
      name,
      count: values.length,
      p50: round(percentile(values, 50)),
      p99: round(percentile(values, 99)),
      max: round(Math.max(...values)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

const add = (samples: Map<string, number[]>, name: string, ms: number) =>
  samples.set(name, [...(samples.get(name) ?? []), ms]);

/** The webhooks' leg, timed around the simulator's control (it answers once the gateway answered). */
const gatewayLeg = 'gateway (session-provider webhook)';

/** A few days of one chat, so that every warm-up reads a history of its own. */
const seededHistory = {
  chats: [
    {
      id: '5511900001111@c.us',
      messages: Array.from({ length: 12 }, (_, index) => ({ body: `conversa antiga ${index}` })),
    },
  ],
};

const journey = async (
  messages: number,
  patienceMs: number,
  webhook: (ms: number, status: number | null, what: string) => void,
  importFails: boolean,
): Promise<Journey> => {
  const family = await protectedSeat();
  // Both streams replay from the start: what was committed before they opened counts too.
  const guardian = await guardianStream(family.owner.token, family.accountUid, fromTheStart);
  const person = listen(`/consent-requests/${family.linkToken}/events`, {
    'x-forwarded-for': uniqueIp(),
    'last-event-id': fromTheStart,
  });
  await person.open();
  let linkedAt = 0;
  const session = await pair(family, patienceMs, async (name) => {
    await simulate(name, 'history', seededHistory);
    if (importFails) await simulate(name, 'history/fail', { status: 503 });
    linkedAt = performance.now();
  });
  // `pair` waited for the warm-up's end: how it ended, and how long it took.
  const warmUp = {
    ms: performance.now() - linkedAt,
    status: String(
      (await call('GET', `/seats/${family.seatUid}/history-import`, { token: family.owner.token })).body?.data
        ?.status,
    ),
  };
  for (let index = 0; index < messages; index += 1) {
    const started = performance.now();
    try {
      await simulate(session, 'messages', { body: `mensagem ${index} #risk:scam:medium` });
      webhook(performance.now() - started, 200, '');
    } catch (error) {
      webhook(performance.now() - started, null, String(error));
      throw error;
    }
  }
  // Every message is one finding of one open alert: the analysis is over when they are all counted.
  await eventually(
    () => call('GET', `/accounts/${family.accountUid}/alerts`, { token: family.owner.token }),
    (answer) =>
      Array.isArray(answer.body?.data) &&
      (answer.body.data as { findingsCount: number }[]).reduce(
        (sum, alert) => sum + alert.findingsCount,
        0,
      ) === messages,
    `the ${messages} findings of account ${family.accountUid}`,
    { deadlineMs: patienceMs, everyMs: 250 },
  );
  return {
    warmUp,
    accountUid: family.accountUid,
    seatUid: family.seatUid,
    token: family.owner.token,
    streams: [
      { name: `guardian of ${family.accountUid}`, kind: 'account', stream: guardian },
      { name: `person of ${family.seatUid}`, kind: 'seat', stream: person },
    ],
  };
};

/** Holds one stream to the table's events of its topic. */
export const checkStream = (name: string, expectedIds: string[], stream: Stream): StreamCheck => {
  const received = stream.events.map((event: Received) => event.id);
  const expected = new Set(expectedIds);
  const seen = new Set<string>();
  const repeated: string[] = [];
  const outOfOrder: string[] = [];
  let newest = '';
  received.forEach((id, index) => {
    if (seen.has(id)) repeated.push(id);
    seen.add(id);
    const markedLate = stream.frameIds[index] !== id;
    if (id < newest && !markedLate) outOfOrder.push(id);
    if (id > newest) newest = id;
  });
  return {
    stream: name,
    expected: expected.size,
    received: received.length,
    missing: expectedIds.filter((id) => !seen.has(id)),
    repeated,
    foreign: [...seen].filter((id) => !expected.has(id)),
    outOfOrder,
  };
};

/** The table's events of the stream's topic, in id order (the table's order). */
const committedFor = async (journey: Journey, kind: StreamTopic['kind']): Promise<string[]> => {
  const events = (await eventsOf(journey.accountUid)).map((item) => toEvent(item));
  const accountId = events[0]?.accountId ?? '';
  const seatId = events.find((event) => event.seatUid === journey.seatUid)?.seatId ?? '';
  const own: StreamTopic =
    kind === 'account' ? { kind: 'account', accountId } : { kind: 'seat', accountId, seatId };
  return events.filter((event) => belongsTo(own, event)).map((event) => event.id);
};

export const runFamilies = async (options: LoadOptions): Promise<LoadReport> => {
  const byGroup = new Map<string, number[]>();
  const byRoute = new Map<string, number[]>();
  const serverErrors: string[] = [];
  observeCalls((record: CallRecord) => {
    const route = routeOf(record.method, record.path);
    const name = route === undefined ? `${record.method} ${record.path}` : `${route.method} ${route.path}`;
    add(byGroup, route?.group ?? 'unknown', record.ms);
    add(byRoute, name, record.ms);
    if (record.status >= 500) serverErrors.push(`${record.status} ${name}`);
  });
  const webhook = (ms: number, status: number | null, what: string) => {
    add(byGroup, gatewayLeg, ms);
    if (status === null) serverErrors.push(`${gatewayLeg}: ${what}`);
  };

  const unplannedWarmUps: string[] = [];
  const started = performance.now();
  const settled = await Promise.allSettled(
    Array.from({ length: options.families }, async (_, index) => {
      await arrival((index * (options.rampMs ?? 0)) / options.families);
      const every = options.failingImportsEvery ?? 0;
      const importFails = every > 0 && index % every === every - 1;
      const done = await journey(options.messages, options.patienceMs ?? 120_000, webhook, importFails);
      const planned = importFails ? 'failed' : 'done';
      if (done.warmUp.status !== planned)
        unplannedWarmUps.push(`${done.seatUid}: warm-up ${done.warmUp.status}, ${planned} planned`);
      return done;
    }),
  );
  const journeysMs = performance.now() - started;
  observeCalls(undefined);
  const journeys = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failures = settled.flatMap((result) =>
    result.status === 'rejected' ? [String(result.reason).slice(0, 500)] : [],
  );

  const streams: StreamCheck[] = [];
  for (const family of journeys) {
    for (const { name, kind, stream } of family.streams) {
      // The last events (the alert's updates) may still be on their way: wait, bounded, for them.
      const committed = await committedFor(family, kind);
      await stream
        .until(
          (events) => committed.every((id) => events.some((event) => event.id === id)),
          `${name} to catch up with the table`,
          options.settleMs ?? 30_000,
        )
        .catch(() => undefined);
      streams.push(checkStream(name, await committedFor(family, kind), stream));
      stream.close();
    }
  }
  // The pairings end, so their proxy slots are free for whatever runs next on the stack.
  await Promise.all(
    journeys.map((family) => call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.token })),
  );
  return {
    families: options.families,
    messages: options.messages,
    failures,
    serverErrors,
    streams,
    byGroup: timings(byGroup),
    byRoute: timings(byRoute),
    journeysMs: Math.round(journeysMs),
    finished: journeys.map(({ accountUid, seatUid, token }) => ({ accountUid, seatUid, token })),
    warmUps: timings(
      journeys.reduce(
        (samples, family) => add(samples, `warm-up ${family.warmUp.status}`, family.warmUp.ms),
        new Map<string, number[]>(),
      ),
    ),
    unplannedWarmUps,
  };
};

/** Whether the run kept its promises: every journey done, no 5xx, every stream exact and in order. */
export const broken = (report: LoadReport): string[] => [
  ...report.failures.map((failure) => `journey failed: ${failure}`),
  ...report.unplannedWarmUps.map((warmUp) => `unplanned ${warmUp}`),
  ...report.serverErrors.map((error) => `5xx: ${error}`),
  ...report.streams.flatMap((check) =>
    (['missing', 'repeated', 'foreign', 'outOfOrder'] as const)
      .filter((kind) => check[kind].length > 0)
      .map((kind) => `${check.stream}: ${kind} ${check[kind].join(', ')}`),
  ),
];
