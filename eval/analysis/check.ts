/**
 * Checks the evaluation set against its format (README.md) with the loader the evaluation uses, and
 * what only a writer needs: a category file's windows expect its category. Prints, per file, the
 * windows and messages per language and how many are held out. Exits 1 on any fault.
 *
 *   node --import tsx eval/analysis/check.ts
 */
import { join } from 'node:path';
import { EvalSetError, isOrdinary, loadEvalSet, splitOf, type EvalWindow } from './eval-set';

const fileOf = (window: EvalWindow): string => window.id.replace(/-\d{4}$/, '');

const report = (label: string, windows: readonly EvalWindow[]): string => {
  const byLang = new Map<string, number>();
  let messages = 0;
  let heldOut = 0;
  for (const window of windows) {
    messages += window.messages.length;
    if (splitOf(window) === 'holdout') heldOut += window.messages.length;
    byLang.set(window.lang, (byLang.get(window.lang) ?? 0) + window.messages.length);
  }
  const langs = [...byLang].map(([lang, n]) => `${lang} ${n}`).join(', ');
  return `${label.padEnd(32)} ${String(windows.length).padStart(4)} windows ${String(messages).padStart(5)} messages (${langs}; held out ${heldOut})`;
};

try {
  const windows = await loadEvalSet(join(import.meta.dirname, 'windows'));
  const faults = windows
    .filter((window) => !fileOf(window).startsWith('ordinary-'))
    .filter((window) => isOrdinary(window) || !window.expected.some((e) => e.category === fileOf(window)))
    .map((window) => `${window.id}: a window of ${fileOf(window)}.jsonl must expect ${fileOf(window)}`);
  const files = [...new Set(windows.map(fileOf))].sort();
  const rows = files.map((file) =>
    report(
      `${file}.jsonl`,
      windows.filter((w) => fileOf(w) === file),
    ),
  );
  process.stdout.write(`${[...rows, report('all', windows)].join('\n')}\n`);
  if (faults.length > 0) {
    process.stderr.write(`${faults.join('\n')}\n`);
    process.exit(1);
  }
} catch (error) {
  if (!(error instanceof EvalSetError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
