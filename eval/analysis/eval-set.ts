import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { riskCategories, severities } from '../../shared/domain/analysis/finding';
import { PREVIOUS_MESSAGES_IN_WINDOW } from '../../shared/domain/analysis/window';
import * as z from '../../shared/validation/z';

/** The most messages a window of the set holds: the new message and the ones before it. */
const MAX_MESSAGES = PREVIOUS_MESSAGES_IN_WINDOW + 1;

const expectedFinding = z.object({
  category: z.enum(riskCategories),
  minSeverity: z.enum(severities),
  message: z.number().check(z.int(), z.gte(0)),
});

/** One line of `eval/analysis/windows/*.jsonl` (eval/analysis/README.md). */
export const evalWindowSchema = z
  .object({
    id: z.string().check(z.regex(/^[a-z0-9_-]+-\d{4}$/)),
    lang: z.enum(['pt-BR', 'en']),
    /** The writing round (eval/analysis/README.md "The held-out split"); absent for the first two. */
    round: z.optional(z.number().check(z.int(), z.gte(3))),
    messages: z
      .array(z.object({ from: z.enum(['dependent', 'contact']), text: z.string().check(z.minLength(1)) }))
      .check(z.minLength(1), z.maxLength(MAX_MESSAGES)),
    expected: z.array(expectedFinding),
    note: z.optional(z.string()),
  })
  .check(
    z.refine((w) => w.expected.every((e) => e.message < w.messages.length), {
      message: 'an expected finding names a message outside the window',
    }),
    z.refine((w) => new Set(w.expected.map((e) => `${e.message}#${e.category}`)).size === w.expected.length, {
      message: 'a message and category are expected twice',
    }),
  );

export type EvalWindow = z.infer<typeof evalWindowSchema>;
export type ExpectedFinding = z.infer<typeof expectedFinding>;

export const splits = ['dev', 'holdout'] as const;
export type Split = (typeof splits)[number];

/**
 * The newest round written to measure, held out whole: written by hands that never saw the rules,
 * the screen, the model or any other window, none of which has been tuned on any window of it. A
 * round that follows moves it into dev (training and tuning data), so the held-out figures always
 * come from text nothing here was fitted to. A teaching round (`TEACHING_ROUNDS`) does not move it.
 */
export const HELD_OUT_ROUND = 9;

/** Held out: every window of the held-out round; every other window is dev. */
export const splitOf = (window: Pick<EvalWindow, 'id' | 'round'>): Split =>
  window.round === HELD_OUT_ROUND ? 'holdout' : 'dev';

/**
 * Rounds written to teach rather than to sample: round 4's ordinary text where a risky word is
 * ordinary, round 5's risks said the ways people hide them and its ordinary text close to them,
 * round 6's escalations whose last step is plain words, each beside an ordinary twin ending in the
 * same words, round 7's ordinary chats using everyday words the set had used only in risky ones,
 * round 8's everyday talk about photos, videos, captions and messages. All dev; their ordinary
 * windows are hard negatives chosen to look risky, not a sample of everyday traffic, so the
 * screen's pass-rate budget and the findings' false-alert budget (rates of everyday traffic) are
 * measured without them.
 */
export const TEACHING_ROUNDS: readonly number[] = [4, 5, 6, 7, 8];

/** An ordinary window written as a sample of everyday traffic (not a teaching round's hard negative). */
export const isEverydaySample = (window: Pick<EvalWindow, 'round'>): boolean =>
  window.round === undefined || !TEACHING_ROUNDS.includes(window.round);

export const isOrdinary = (window: EvalWindow): boolean => window.expected.length === 0;

/** Why a set does not load: every bad line named by file and line number (never its text). */
export class EvalSetError extends Error {
  override readonly name = 'EvalSetError';
}

/** A file of the set: one per category, or everyday chats by theme. */
const isSetFile = (stem: string) =>
  (riskCategories as readonly string[]).includes(stem) || /^ordinary-[a-z0-9_-]+$/.test(stem);

/** Parses one file's lines; the id must start with the file's name. */
export const parseWindows = (
  fileName: string,
  content: string,
): { windows: EvalWindow[]; errors: string[] } => {
  const stem = fileName.replace(/\.jsonl$/, '');
  const windows: EvalWindow[] = [];
  const errors: string[] = [];
  if (!isSetFile(stem)) return { windows, errors: [`${fileName}: neither a category nor ordinary-<theme>`] };
  content.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${fileName}:${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      errors.push(`${where}: not JSON`);
      return;
    }
    const parsed = evalWindowSchema.safeParse(json);
    if (!parsed.success) {
      errors.push(
        `${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
      return;
    }
    if (!parsed.data.id.startsWith(`${stem}-`)) {
      errors.push(`${where}: id ${parsed.data.id} does not start with ${stem}-`);
      return;
    }
    if (stem.startsWith('ordinary-') && !isOrdinary(parsed.data))
      errors.push(`${where}: an ordinary window expects findings`);
    else windows.push(parsed.data);
  });
  return { windows, errors };
};

/** The set from its files' contents, ids unique across it; throws naming every bad line. */
export const parseEvalSet = (files: readonly { name: string; content: string }[]): EvalWindow[] => {
  const windows: EvalWindow[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const parsed = parseWindows(file.name, file.content);
    windows.push(...parsed.windows);
    errors.push(...parsed.errors);
  }
  const seen = new Set<string>();
  for (const w of windows) {
    if (seen.has(w.id)) errors.push(`id ${w.id} appears twice`);
    seen.add(w.id);
  }
  if (errors.length > 0) throw new EvalSetError(`the evaluation set is invalid:\n${errors.join('\n')}`);
  return windows;
};

/** Every `*.jsonl` of the folder (none yet: an empty set). */
export const loadEvalSet = async (dir: string): Promise<EvalWindow[]> => {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.jsonl')).sort();
  return parseEvalSet(
    await Promise.all(
      names.map(async (name) => ({ name, content: await readFile(join(dir, name), 'utf8') })),
    ),
  );
};

/** A fingerprint of the set's content: the committed figures hold for this set only. */
export const setDigest = (windows: readonly EvalWindow[]): string =>
  createHash('sha256')
    .update(
      JSON.stringify([...windows].sort((a, b) => a.id.localeCompare(b.id)).map(({ note: _, ...w }) => w)),
    )
    .digest('hex')
    .slice(0, 16);
