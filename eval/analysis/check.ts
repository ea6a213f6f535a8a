import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRiskCategory, riskCategories, severities } from '../../shared/domain/analysis/finding';
import * as z from '../../shared/validation/z';

/**
 * Checks the evaluation set before anyone measures with it: every line of every `windows/*.jsonl`
 * parses as a window of the set's format (README.md beside this file), ids are unique in the whole
 * set and named after their file, a risky file's windows each expect their file's category, an
 * ordinary file's windows expect nothing. Prints the counts per file, language and split; exits 1
 * on the first file with a problem listed.
 *
 * Run: `node --import tsx eval/analysis/check.ts`
 */
const windowsDir = join(dirname(fileURLToPath(import.meta.url)), 'windows');

const window = z.strictObject({
  id: z.string().check(z.regex(/^[a-z_-]+-\d{4}$/)),
  lang: z.enum(['pt-BR', 'en']),
  messages: z
    .array(
      z.strictObject({
        from: z.enum(['dependent', 'contact']),
        text: z.string().check(z.trim(), z.minLength(1)),
      }),
    )
    .check(z.minLength(1), z.maxLength(6)),
  expected: z.array(
    z.strictObject({
      category: z.enum(riskCategories),
      minSeverity: z.enum(severities),
      message: z.int().check(z.nonnegative()),
    }),
  ),
  note: z.optional(z.string()),
});
type Window = z.infer<typeof window>;

/** The held-out fifth, as README.md fixes it. */
const isHeldOut = (id: string): boolean =>
  Number.parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16) % 5 === 0;

const problemsOf = (file: string, w: Window): string[] => {
  const problems: string[] = [];
  if (!w.id.startsWith(`${file}-`)) problems.push(`id not named after its file`);
  for (const e of w.expected) {
    if (e.message >= w.messages.length) problems.push(`expected message ${e.message} out of range`);
  }
  const keys = w.expected.map((e) => `${e.category}/${e.message}`);
  if (new Set(keys).size !== keys.length) problems.push('the same finding expected twice');
  if (isRiskCategory(file) && !w.expected.some((e) => e.category === file)) {
    problems.push(`a ${file} window that expects no ${file} finding`);
  }
  if (file.startsWith('ordinary-') && w.expected.length > 0)
    problems.push('an ordinary window expects findings');
  return problems;
};

const seen = new Map<string, string>();
const problems: string[] = [];
const rows: string[] = [];
for (const name of readdirSync(windowsDir)
  .filter((n) => n.endsWith('.jsonl'))
  .sort()) {
  const file = basename(name, '.jsonl');
  if (!isRiskCategory(file) && !file.startsWith('ordinary-'))
    problems.push(`${name}: not a category nor ordinary-*`);
  const counts = { windows: 0, messages: 0, 'pt-BR': 0, en: 0, holdout: 0 };
  const lines = readFileSync(join(windowsDir, name), 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${name}:${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      problems.push(`${where}: not JSON`);
      return;
    }
    const parsed = z.safeParse(window, json);
    if (!parsed.success) {
      problems.push(`${where}: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`);
      return;
    }
    const w = parsed.data;
    const earlier = seen.get(w.id);
    if (earlier) problems.push(`${where}: id ${w.id} already used at ${earlier}`);
    seen.set(w.id, where);
    for (const p of problemsOf(file, w)) problems.push(`${where}: ${p}`);
    counts.windows += 1;
    counts.messages += w.messages.length;
    counts[w.lang] += 1;
    if (isHeldOut(w.id)) counts.holdout += 1;
  });
  rows.push(
    `${file.padEnd(24)} windows ${counts.windows}  messages ${counts.messages}  pt-BR ${counts['pt-BR']}  en ${counts.en}  holdout ${counts.holdout}`,
  );
}

process.stdout.write(`${rows.join('\n')}\n`);
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`${seen.size} windows, all valid\n`);
