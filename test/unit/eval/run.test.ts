import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const evalCommand = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  run(process.execPath, ['--import', 'tsx', 'eval/analysis/run.ts', ...args], { env, timeout: 20_000 });

describe('npm run eval', () => {
  it('measures the local adapter and writes its report, the cost included, never a window text', async () => {
    const report = join(await mkdtemp(join(tmpdir(), 'eval-')), 'report.json');
    const { stdout } = await evalCommand([
      '--adapter',
      'local',
      '--split',
      'holdout',
      '--windows',
      'test/fixtures/analysis-eval',
      '--report',
      report,
    ]);
    expect(stdout).toMatch(/holdout: 4 windows \(2 ordinary, 5 ordinary messages\)/);
    expect(stdout).toMatch(/^grooming\s+1\s+1\s+0/m);
    expect(stdout).not.toContain('troquei');
    const written = JSON.parse(await readFile(report, 'utf8'));
    expect(written).toMatchObject({
      adapter: 'local',
      splits: { holdout: { windows: 4, overall: { caught: 2, missed: 0 } } },
      cost: {
        messagesPerMonth: 9000,
        withoutScreen: { calls: 9000 },
        tokensPerCall: { source: 'approximate' },
      },
    });
    expect(written.splits.dev).toBeUndefined();
  }, 30_000);

  it.each(['bedrock', 'cascade'])(
    'refuses --adapter %s without the model id, before any call',
    async (adapter) => {
      const { ANALYSIS_MODEL_ID: _, ...env } = process.env;
      const refused = await evalCommand(
        ['--adapter', adapter, '--windows', 'test/fixtures/analysis-eval'],
        env,
      ).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/set ANALYSIS_MODEL_ID/) });
    },
    30_000,
  );

  it('measures the rules alone on request, and never writes them as the committed figures', async () => {
    const { stdout } = await evalCommand([
      '--adapter',
      'local',
      '--rules-only',
      '--windows',
      'test/fixtures/analysis-eval',
      '--report',
      join(await mkdtemp(join(tmpdir(), 'eval-')), 'report.json'),
    ]);
    expect(stdout).toMatch(/holdout: 4 windows/);
    const refused = await evalCommand([
      '--adapter',
      'local',
      '--rules-only',
      '--write-figures',
      '--windows',
      'test/fixtures/analysis-eval',
    ]).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/as it ships/) });
  }, 30_000);

  it('refuses an adapter it does not know', async () => {
    const refused = await evalCommand(['--adapter', 'gpt']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/--adapter must be one of/) });
  }, 30_000);
});
