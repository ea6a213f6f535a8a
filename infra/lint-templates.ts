import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The ecosystem's own checks on every synthesized template (after `cdk synth`): AWS's CloudFormation
 * linter, and checkov where it is installed. Each suppression sits next to its resource with its
 * reason (`infra/template-lint.ts`); anything else fails the synth.
 */
const out = join(import.meta.dirname, '..', 'cdk.out');
const templates = readdirSync(out)
  .filter((file) => file.endsWith('.template.json'))
  .map((file) => join(out, file));
// Every stack of the stage (stateful, stateless, edge), or the check proves nothing.
if (templates.length < 3)
  throw new Error(`expected the three stacks' templates in cdk.out, found ${templates.length}`);

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' });

const lint = run('cfn-lint', ['--format', 'parseable', ...templates]);
if (lint.error !== undefined) {
  process.stderr.write('cfn-lint is missing: `pip install cfn-lint` (CI installs it, .ci/run)\n');
  process.exit(1);
}
if (lint.status !== 0) process.exit(lint.status ?? 1);
process.stdout.write(`cfn-lint: ${templates.length} templates, no finding\n`);

const checkov = run('checkov', [
  '--quiet',
  '--compact',
  '--framework',
  'cloudformation',
  ...templates.flatMap((t) => ['-f', t]),
]);
if (checkov.error !== undefined) process.stdout.write('checkov: not installed on this machine, not run\n');
else if (checkov.status !== 0) process.exit(checkov.status ?? 1);
