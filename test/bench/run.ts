import { spawn } from 'node:child_process';
import { benchLocalStack, shareStack, type BenchStack } from './bench-stack';
import { smokePass } from './counts';
import { benchParts } from './parts';

/**
 * `npm run bench`: every part (test/bench/parts.ts) one after the other, each in a process of its own
 * on a local stack of its own, with its full counts; each prints its figures as it ends
 * (docs/benchmarks.md). `npm run bench:smoke` (`BENCH_SMOKE=1`; CI runs it): each part with small
 * counts on one stack started for them all, judging no figure, each within a deadline. Either way
 * every part is tried, and the run exits 1 when one failed. `BENCH_PARTS` (names, comma-separated)
 * runs only those.
 */
const smokeDeadlineMs = 300_000;
const chosen = process.env['BENCH_PARTS']?.split(',').map((name) => name.trim());
const parts = benchParts.filter((part) => chosen === undefined || chosen.includes(part.name));
if (chosen !== undefined && parts.length !== chosen.length)
  throw new Error(`BENCH_PARTS names a part that does not exist: ${chosen.join(', ')}`);

let running: ReturnType<typeof spawn> | undefined;
/** A part runs in a process group of its own, so its children (a relay, a browser, a stack) end with it. */
const endPart = () => {
  if (running?.pid !== undefined && running.exitCode === null) process.kill(-running.pid, 'SIGKILL');
};

/** One part's script; its exit code, or why it ended without one. */
const runPart = (file: string, env: Record<string, string>, deadlineMs?: number) =>
  new Promise<string>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
      detached: true,
    });
    running = child;
    const timer =
      deadlineMs === undefined
        ? undefined
        : setTimeout(() => {
            endPart();
            done(`timeout (${deadlineMs / 1000} s)`);
          }, deadlineMs);
    child.once('error', () => done('not started'));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      done(code === 0 ? 'ok' : `exit ${code ?? signal}`);
    });
  });

let shared: BenchStack | undefined;
const stopAll = async (code: number): Promise<never> => {
  endPart();
  await shared?.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stopAll(130));
process.on('SIGTERM', () => void stopAll(143));

const results: { part: string; seconds: number; outcome: string }[] = [];
const startedAt = performance.now();
if (smokePass) {
  shared = await benchLocalStack({
    TABLE_NAME: 'bench-smoke',
    ...Object.assign({}, ...parts.map((part) => ('stack' in part ? part.stack : {}))),
  });
  results.push({ part: '(one local stack)', seconds: (performance.now() - startedAt) / 1000, outcome: 'ok' });
}
for (const part of parts) {
  process.stdout.write(`\n=== ${part.name}${smokePass ? ' (smoke)' : ''}\n`);
  const started = performance.now();
  const outcome = await runPart(
    part.file,
    shared === undefined ? {} : shareStack(shared),
    smokePass ? smokeDeadlineMs : undefined,
  );
  results.push({ part: part.name, seconds: (performance.now() - started) / 1000, outcome });
}
await shared?.stop();
const failed = results.filter((result) => result.outcome !== 'ok');
process.stdout.write(
  `\n${smokePass ? 'Bench smoke pass' : 'Bench'}: ${results.length - (shared ? 1 : 0)} parts in ${Math.round((performance.now() - startedAt) / 1000)} s, ${failed.length} failed\n`,
);
console.table(results.map((result) => ({ ...result, seconds: Math.round(result.seconds) })));
process.exit(failed.length === 0 ? 0 : 1);
