import autocannon from 'autocannon';
import { routes, type Route } from '../../infra/routes';

/**
 * The read routes under steady load: each GET route a guardian (or anyone) calls, filled with one
 * finished family's uids, driven by autocannon at rising connection counts for a few seconds each.
 * A route's figure is the highest rate it sustained with p99 under the target and no error.
 */

export interface ReadLevel {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  failed: number;
}

export interface ReadRoute {
  route: string;
  levels: ReadLevel[];
  /** The best rate at p99 under the target with nothing failed; null when even one connection missed it. */
  sustained: ReadLevel | null;
}

export interface ReadRun {
  measured: ReadRoute[];
  /** Routes not driven, with why. */
  skipped: { route: string; why: string }[];
}

export interface ReadFamily {
  accountUid: string;
  seatUid: string;
  token: string;
}

export const p99TargetMs = 100;

/** The uid each path parameter names, by the collection it follows; null when the family has none. */
const filled = (route: Route, family: ReadFamily, alertUid: string | null): string | null => {
  const values: Record<string, string | null> = {
    accounts: family.accountUid,
    seats: family.seatUid,
    alerts: alertUid,
  };
  let missing = false;
  const path = route.path.replace(/\/([^/]+)\/\{[^}]+\}/g, (_whole, collection: string) => {
    const value = values[collection] ?? null;
    if (value === null) missing = true;
    return `/${collection}/${value ?? ''}`;
  });
  return missing ? null : path;
};

const why = {
  operator: 'an operator route (the backoffice benchmark measures those)',
  person:
    "the person's page: its budgets per link and per address (RATE_CONSENT_READ_*) answer 429 long before a load",
  unfilled: 'a path parameter this run has no value for',
};

export const driveReadRoutes = async (
  apiUrl: string,
  family: ReadFamily,
  options: { seconds: number; connections: number[] },
): Promise<ReadRun> => {
  const headers = { authorization: `Bearer ${family.token}`, 'x-forwarded-for': '192.0.2.10' };
  const alerts = await fetch(`${apiUrl}/accounts/${family.accountUid}/alerts`, { headers });
  const alertUid =
    ((await alerts.json()) as { data?: { uid: string }[] }).data?.[0]?.uid ?? (null as string | null);
  const measured: ReadRoute[] = [];
  const skipped: ReadRun['skipped'] = [];
  for (const route of routes.filter((row) => row.method === 'GET')) {
    const name = `GET ${route.path}`;
    if (route.auth === 'operator') {
      skipped.push({ route: name, why: why.operator });
      continue;
    }
    if (route.path.startsWith('/consent-requests/')) {
      skipped.push({ route: name, why: why.person });
      continue;
    }
    const path = filled(route, family, alertUid);
    if (path === null) {
      skipped.push({ route: name, why: why.unfilled });
      continue;
    }
    const probe = await fetch(`${apiUrl}${path}`, { headers });
    await probe.arrayBuffer();
    if (!probe.ok) {
      skipped.push({ route: name, why: `answers ${probe.status} for this family` });
      continue;
    }
    const levels: ReadLevel[] = [];
    for (const connections of options.connections) {
      const result = await autocannon({
        url: `${apiUrl}${path}`,
        headers,
        connections,
        duration: options.seconds,
      });
      const level = {
        connections,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
      };
      levels.push(level);
      // More connections only queue longer once the target is missed.
      if (level.p99 >= p99TargetMs || level.failed > 0) break;
    }
    const kept = levels.filter((level) => level.p99 < p99TargetMs && level.failed === 0);
    const sustained = kept.reduce<ReadLevel | null>(
      (best, level) => (best === null || level.requestsPerSecond > best.requestsPerSecond ? level : best),
      null,
    );
    measured.push({ route: name, levels, sustained });
  }
  return { measured, skipped };
};
