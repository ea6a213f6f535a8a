import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * `npm test`: every tier, in two vitest runs side by side, then one report of both. Vitest runs a
 * project whose files go one at a time (the e2e and browser tiers share one local stack) after all
 * the others, never beside them; those tiers mostly wait on their stack, so the unit, integration
 * and infra tiers run meanwhile, in a run of their own with one worker (docs/testing.md). Each run
 * writes vitest's blob report, and `--merge-reports` prints and writes the one report, with the
 * reporters given (`npm test -- --reporter=json --outputFile.json=...`). Arguments that choose what
 * runs (a project, a file, a name filter) run plain `vitest run` with them instead.
 */
const args = process.argv.slice(2);
const reporterArgs = args.filter((arg) => /^--(reporter|outputFile)(=|\.|$)/.test(arg));
const vitest = join('node_modules', 'vitest', 'vitest.mjs');

const children = new Set<ReturnType<typeof spawn>>();
const run = (name: string, vitestArgs: readonly string[]): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, ...vitestArgs], { stdio: 'inherit' });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code !== 0)
        process.stderr.write(`${name}: vitest ended with ${signal ?? `exit code ${String(code)}`}\n`);
      resolve(code ?? 1);
    });
  });

// Stopped, it stops its runs (each stops its stacks) and ends when they have.
const stopOn = (signal: NodeJS.Signals) =>
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });
stopOn('SIGINT');
stopOn('SIGTERM');

if (reporterArgs.length !== args.length) process.exit(await run('vitest', ['run', ...args]));

const blobs = join('.local', 'vitest-blobs');
await rm(blobs, { recursive: true, force: true });
await mkdir(blobs, { recursive: true });
const runs = [
  { name: 'stack tiers', projects: ['e2e', 'browser'], workers: [] },
  { name: 'other tiers', projects: ['unit', 'integration', 'infra'], workers: ['--maxWorkers=1'] },
];
const codes = await Promise.all(
  runs.map(({ name, projects, workers }) =>
    run(name, [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      ...workers,
      '--reporter=dot',
      '--reporter=blob',
      `--outputFile.blob=${join(blobs, `${projects[0]}.json`)}`,
    ]),
  ),
);
if (process.exitCode === 130) process.exit(130);
// The merged report says which tests failed; a run that ended without its blob (its setup failed)
// fails the whole by its own exit code.
const merged = await run('report', ['run', `--merge-reports=${blobs}`, ...reporterArgs]);
process.exit(Math.max(merged, ...codes));
