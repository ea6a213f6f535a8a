import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startBenchStack } from '../bench/bench-stack';
import { useStack } from '../e2e/support/stack';
import { broken, runFamilies, type LoadReport, type Timing } from './families';
import { driveReadRoutes, p99TargetMs, type ReadRun } from './read-routes';

/**
 * `npm run load` (docs/load.md): families at once through the whole journey on the local stack,
 * every stream held to the table, then the read routes under steady load. Writes the figures into
 * docs/load.md (between its markers) and .load/report.json; exits 1 when an invariant broke.
 */
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const families = setting('LOAD_FAMILIES', 100);
const messages = setting('LOAD_MESSAGES', 20);
const readSeconds = setting('LOAD_READ_SECONDS', 5);
const rampSeconds = setting('LOAD_RAMP_SECONDS', 120);
const failingImportsEvery = setting('LOAD_FAILING_IMPORTS_EVERY', 10);
const connections = (process.env['LOAD_READ_CONNECTIONS'] ?? '1,4,16,32').split(',').map(Number);
const note = process.env['LOAD_NOTE'] ?? '';
const logLevel = process.env['LOAD_LOG_LEVEL'] ?? 'ERROR';

const loadAtStart = loadavg();
const { stack, proxy } = await startBenchStack('load', {
  LOG_LEVEL: logLevel,
  // One slot per family: every family pairs at once (the pool's limits are not what is measured).
  PROXIES_JSON: JSON.stringify([
    { label: 'load-a', address: 'http://sim:sim@127.0.0.1:3128', capacity: families },
  ]),
});
useStack(stack);

const { report, reads } = await (async (): Promise<{ report: LoadReport; reads: ReadRun }> => {
  try {
    process.stdout.write(`${families} families, ${messages} messages each...\n`);
    const run = await runFamilies({
      families,
      messages,
      settleMs: 60_000,
      patienceMs: 600_000,
      rampMs: rampSeconds * 1000,
      failingImportsEvery,
    });
    const family = run.finished[0];
    if (family === undefined || readSeconds === 0)
      return { report: run, reads: { measured: [], skipped: [] } };
    process.stdout.write('read routes...\n');
    return {
      report: run,
      reads: await driveReadRoutes(stack.apiUrl, family, { seconds: readSeconds, connections }),
    };
  } finally {
    await proxy.close();
    await stack.stop();
  }
})();

const problems = broken(report);
const timingRows = (rows: Timing[]) =>
  rows.map((row) => `| ${row.name} | ${row.count} | ${row.p50} | ${row.p99} | ${row.max} |`).join('\n');
const streamsExact = report.streams.filter(
  (check) =>
    check.missing.length + check.repeated.length + check.foreign.length + check.outOfOrder.length === 0,
).length;
const figures = [
  `Run of ${new Date().toISOString().slice(0, 10)}: ${report.families} families arriving over ${rampSeconds} s, ${report.messages} messages each, ` +
    `on ${availableParallelism()} cores (load average ${loadAtStart.map((value) => value.toFixed(1)).join(' / ')} at the start).` +
    (note === '' ? '' : ` ${note}`),
  '',
  `- Journeys finished: ${report.finished.length} of ${report.families}, in ${Math.round(report.journeysMs / 1000)} s of wall time.`,
  `- Streams: ${report.streams.length} (a guardian's and a person's per family), ${streamsExact} exact ` +
    `(every committed event of their topic once, in commit order); ` +
    `${report.streams.reduce((sum, check) => sum + check.received, 0)} events received in all.`,
  `- 5xx answers: ${report.serverErrors.length}.`,
  `- Warm-ups: every family's provider holds a history of 12 messages; ` +
    (failingImportsEvery > 0
      ? `every ${failingImportsEvery}th family's provider fails every history call (503) for good. `
      : '') +
    `${report.unplannedWarmUps.length} ended otherwise than planned (a working provider's \`done\`, a failing one's \`failed\`).`,
  `- Invariants: ${problems.length === 0 ? 'all held' : `${problems.length} broken (below)`}.`,
  '',
  "### Warm-ups (ms, from the link to the first import's end, by how it ended)",
  '',
  '| Warm-up | Families | p50 | p99 | max |',
  '|---|---|---|---|---|',
  timingRows(report.warmUps),
  '',
  '### Latency per route group (ms, from the client, whole answer)',
  '',
  '| Group | Requests | p50 | p99 | max |',
  '|---|---|---|---|---|',
  timingRows(report.byGroup),
  '',
  '<details><summary>Per route</summary>',
  '',
  '| Route | Requests | p50 | p99 | max |',
  '|---|---|---|---|---|',
  timingRows(report.byRoute),
  '',
  '</details>',
  '',
  `### Read routes under steady load (p99 under ${p99TargetMs} ms, ${readSeconds} s per level)`,
  '',
  '| Route | Sustained req/s | at connections | p50 | p99 | Levels tried (connections: req/s, p99) |',
  '|---|---|---|---|---|---|',
  ...reads.measured.map(
    (row) =>
      `| ${row.route} | ${row.sustained?.requestsPerSecond ?? '-'} | ${row.sustained?.connections ?? '-'} | ` +
      `${row.sustained?.p50 ?? '-'} | ${row.sustained?.p99 ?? '-'} | ` +
      `${row.levels.map((level) => `${level.connections}: ${level.requestsPerSecond}, ${level.p99}${level.failed > 0 ? ` (${level.failed} failed)` : ''}`).join('; ')} |`,
  ),
  '',
  'Not driven: ' +
    [...new Set(reads.skipped.map((row) => row.why))]
      .map(
        (reason) =>
          `${reads.skipped
            .filter((row) => row.why === reason)
            .map((row) => `\`${row.route}\``)
            .join(', ')} (${reason})`,
      )
      .join('; ') +
    '.',
  ...(problems.length === 0 ? [] : ['', '### Broken invariants', '', ...problems.map((line) => `- ${line}`)]),
].join('\n');

mkdirSync(resolve('.load'), { recursive: true });
writeFileSync(resolve('.load', 'report.json'), JSON.stringify({ report, reads }, null, 2));
const docPath = resolve('docs', 'load.md');
const doc = readFileSync(docPath, 'utf8');
const [start, end] = ['<!-- figures:start -->', '<!-- figures:end -->'];
writeFileSync(
  docPath,
  `${doc.slice(0, doc.indexOf(start) + start.length)}\n\n${figures}\n\n${doc.slice(doc.indexOf(end))}`,
);
process.stdout.write(`${figures}\n`);
process.exit(problems.length === 0 ? 0 : 1);
