/**
 * The parts of `npm run bench`, in the order they run (test/bench/run.ts); each a script of its own,
 * with the settings it gives the local stack it measures (the smoke pass starts one stack with all of
 * them).
 */
export const benchParts = [
  { name: 'cold-start', file: 'test/bench/cold-start.ts' },
  {
    name: 'webhooks',
    file: 'test/bench/webhooks.ts',
    // A dropped seat's reconnects wait an hour: the bench counts the events its own webhooks make.
    stack: { RECONNECT_DELAYS_SECONDS: '3600,3600,3600' },
  },
  { name: 'relay', file: 'test/bench/relay.ts' },
  { name: 'alerts', file: 'test/bench/alerts.ts' },
  { name: 'protection', file: 'test/bench/protection.ts' },
  { name: 'history-import', file: 'test/bench/history-import.ts' },
  { name: 'consent-page', file: 'test/bench/consent-page.ts' },
  { name: 'backoffice', file: 'test/bench/backoffice.ts' },
] as const satisfies readonly BenchPartRow[];

interface BenchPartRow {
  name: string;
  file: string;
  stack?: Record<string, string>;
}

export type BenchPart = (typeof benchParts)[number]['name'];

/** The settings `part` gives its local stack. */
export const stackSettingsOf = (part: BenchPart): Record<string, string> =>
  (benchParts as readonly BenchPartRow[]).find((row) => row.name === part)?.stack ?? {};
