import type { ImportStatus } from '../history/history-import';
import type { PairingStatus } from '../pairing/pairing.transitions';
import type { ProxyStatus } from '../pairing/proxy';

/**
 * The backoffice overview's counts, kept by counter items written in the same transaction as the
 * change they count (never by scans). Each change adds to one shard, chosen by a hash of what
 * changed (the seat, the proxy), so that changes of different seats rarely meet on one item; the
 * overview sums the shards.
 */
export const overviewCounts = [
  'pairingsPaired',
  'pairingsDegraded',
  'proxiesActive',
  'proxiesBurned',
  'syncsRunning',
  'syncsWaiting',
  'syncsStuck',
] as const;
export type OverviewCount = (typeof overviewCounts)[number];
export type OverviewDelta = Partial<Record<OverviewCount, number>>;
export type OverviewTotals = Record<OverviewCount, number>;

export const OVERVIEW_SHARDS = 16;

/** FNV-1a of the key, to a shard number: the same key always lands on the same shard. */
export const overviewShardOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % OVERVIEW_SHARDS;
};

/**
 * What a move from one status to another does to the counts, given which statuses count where
 * (nothing when neither counts, or both count in the same place).
 */
const countedMove =
  <S extends string>(counted: Partial<Record<S, OverviewCount>>) =>
  (before: S | null, after: S | null): OverviewDelta => {
    const delta: OverviewDelta = {};
    const left = before === null ? undefined : counted[before];
    const entered = after === null ? undefined : counted[after];
    if (left === entered) return delta;
    if (left !== undefined) delta[left] = -1;
    if (entered !== undefined) delta[entered] = 1;
    return delta;
  };

/** A pairing's move: `paired` and `degraded` are counted. */
export const pairingDelta = countedMove<PairingStatus>({
  paired: 'pairingsPaired',
  degraded: 'pairingsDegraded',
});

/** A proxy address's move: `active` and `burned` are counted (a retired one no more). */
export const proxyDelta = countedMove<ProxyStatus>({ active: 'proxiesActive', burned: 'proxiesBurned' });

/** A history import's move: running, waiting (offered included: it still waits for its yes), stuck. */
export const syncDelta = countedMove<ImportStatus>({
  running: 'syncsRunning',
  waiting: 'syncsWaiting',
  offered: 'syncsWaiting',
  stuck: 'syncsStuck',
});

/** Two changes' counts together (one counter update per transaction). */
export const addDeltas = (one: OverviewDelta, other: OverviewDelta): OverviewDelta => {
  const sum: OverviewDelta = { ...one };
  for (const name of overviewCounts) {
    if (other[name] !== undefined) sum[name] = (sum[name] ?? 0) + other[name];
  }
  return sum;
};

export const isEmptyDelta = (delta: OverviewDelta): boolean =>
  Object.values(delta).every((value) => value === undefined || value === 0);

/** The totals of the shards' counts (a count no shard has is 0). */
export const sumOverview = (shards: readonly OverviewDelta[]): OverviewTotals =>
  Object.fromEntries(
    overviewCounts.map((name) => [name, shards.reduce((total, shard) => total + (shard[name] ?? 0), 0)]),
  ) as OverviewTotals;
