/**
 * Checks the evaluation set's files against the format of eval/analysis/README.md: every line a
 * window that parses, ids unique across the files and named after their file, each expected
 * finding pointing at a message of its window. Usage: `npx tsx eval/analysis/check.ts [files...]`
 * (every file under windows/ when none is named). Exits non-zero on the first file with a problem.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { riskCategories, severities } from '../../shared/domain/analysis/finding.js';
import * as z from '../../shared/validation/z.js';

const message = z.object({ from: z.enum(['dependent', 'contact']), text: z.string().check(z.minLength(1)) });
const expectedFinding = z.object({
  category: z.enum(riskCategories),
  minSeverity: z.enum(severities),
  message: z.number().check(z.int(), z.nonnegative()),
});
const window = z.strictObject({
  id: z.string().check(z.regex(/^[a-z_-]+-\d{4}$/)),
  lang: z.enum(['pt-BR', 'en']),
  messages: z.array(message).check(z.minLength(1), z.maxLength(6)),
  expected: z.array(expectedFinding),
  note: z.optional(z.string()),
});

/** The README's split: the first 8 hex digits of the id's SHA-256, divisible by 5. */
const heldOut = (id: string): boolean =>
  Number.parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16) % 5 === 0;

const windowsDir = join(import.meta.dirname, 'windows');
const files = process.argv.slice(2);
const paths = files.length > 0 ? files : readdirSync(windowsDir).map((name) => join(windowsDir, name));

const seen = new Set<string>();
const problems: string[] = [];
for (const path of paths) {
  const name = basename(path, '.jsonl');
  const counts = { windows: 0, 'pt-BR': 0, en: 0, holdout: 0 };
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '') return;
      const where = `${basename(path)}:${index + 1}`;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        problems.push(`${where}: not JSON`);
        return;
      }
      const parsed = z.safeParse(window, json);
      if (!parsed.success) {
        problems.push(
          `${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
        return;
      }
      const w = parsed.data;
      if (!w.id.startsWith(`${name}-`)) problems.push(`${where}: id ${w.id} not named after ${name}`);
      if (seen.has(w.id)) problems.push(`${where}: id ${w.id} repeated`);
      seen.add(w.id);
      const risky = !name.startsWith('ordinary-');
      if (risky && w.expected.length === 0) problems.push(`${where}: a risky file's window expects nothing`);
      if (!risky && w.expected.length > 0) problems.push(`${where}: an ordinary window expects a finding`);
      if (risky && !w.expected.some((e) => e.category === name))
        problems.push(`${where}: no expected finding of the file's category ${name}`);
      for (const e of w.expected)
        if (e.message >= w.messages.length)
          problems.push(`${where}: expected message ${e.message} out of the window`);
      counts.windows += 1;
      counts[w.lang] += 1;
      if (heldOut(w.id)) counts.holdout += 1;
    });
  process.stdout.write(`${basename(path)}: ${JSON.stringify(counts)}\n`);
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`${seen.size} windows, all valid\n`);
