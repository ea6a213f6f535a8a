/**
 * Checks the evaluation set against its format (README.md): every line of every
 * `windows/*.jsonl` parses as a window, ids are unique and named for their file, ordinary
 * windows expect nothing, expected findings point at a message of their window. Prints, per file,
 * the windows and messages per language and how many are held out. Exits 1 on any fault.
 *
 *   node --import tsx eval/analysis/check.ts
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as z from '../../shared/validation/z';

const categories = [
  'grooming',
  'sexual_content',
  'bullying',
  'self_harm',
  'violence',
  'drugs',
  'scam',
  'hate',
] as const;

const windowSchema = z.strictObject({
  id: z.string().check(z.regex(/^[a-z_-]+-\d{4}$/)),
  lang: z.enum(['pt-BR', 'en']),
  messages: z
    .array(z.strictObject({ from: z.enum(['dependent', 'contact']), text: z.string().check(z.minLength(1)) }))
    .check(z.minLength(1), z.maxLength(6)),
  expected: z.array(
    z.strictObject({
      category: z.enum(categories),
      minSeverity: z.enum(['low', 'medium', 'high']),
      message: z.int().check(z.nonnegative()),
    }),
  ),
  note: z.optional(z.string()),
});

/** The README's split: the first 8 hex digits of the id's SHA-256, as a number, divisible by 5. */
const isHeldOut = (id: string): boolean =>
  Number.parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16) % 5 === 0;

const dir = join(import.meta.dirname, 'windows');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.jsonl'))
  .sort();
const faults: string[] = [];
const ids = new Set<string>();
const rows: string[] = [];
const total = { windows: 0, messages: 0, heldOutMessages: 0, byLang: new Map<string, number>() };

for (const file of files) {
  const name = basename(file, '.jsonl');
  const ordinary = name.startsWith('ordinary-');
  const counts = { windows: 0, messages: 0, heldOutMessages: 0, byLang: new Map<string, number>() };
  readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '') return;
      const where = `${file}:${index + 1}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        faults.push(`${where}: not JSON`);
        return;
      }
      const result = windowSchema.safeParse(parsed);
      if (!result.success) {
        faults.push(
          `${where}: ${result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
        );
        return;
      }
      const window = result.data;
      if (!window.id.startsWith(`${name}-`) || !/^\d{4}$/.test(window.id.slice(name.length + 1)))
        faults.push(`${where}: id ${window.id} is not <file name>-<4 digits>`);
      if (ids.has(window.id)) faults.push(`${where}: id ${window.id} is not unique`);
      ids.add(window.id);
      if (ordinary && window.expected.length > 0)
        faults.push(`${where}: an ordinary window expects findings`);
      if (!ordinary && window.expected.length === 0) faults.push(`${where}: a risky window expects nothing`);
      for (const finding of window.expected)
        if (finding.message >= window.messages.length)
          faults.push(`${where}: expected message ${finding.message} is outside the window`);
      const size = window.messages.length;
      for (const c of [counts, total]) {
        c.windows += 1;
        c.messages += size;
        if (isHeldOut(window.id)) c.heldOutMessages += size;
        c.byLang.set(window.lang, (c.byLang.get(window.lang) ?? 0) + size);
      }
    });
  rows.push(row(file, counts));
}

function row(label: string, c: typeof total): string {
  const langs = [...c.byLang].map(([lang, n]) => `${lang} ${n}`).join(', ');
  return `${label.padEnd(32)} ${String(c.windows).padStart(4)} windows ${String(c.messages).padStart(5)} messages (${langs}; held out ${c.heldOutMessages})`;
}

process.stdout.write(`${[...rows, row('all', total)].join('\n')}\n`);
if (faults.length > 0) {
  process.stderr.write(`${faults.join('\n')}\n`);
  process.exit(1);
}
