import { describe, expect, it } from 'vitest';
import {
  EvalSetError,
  loadEvalSet,
  parseEvalSet,
  parseWindows,
  setDigest,
  HELD_OUT_ROUND,
  splitOf,
  TEACHING_ROUNDS,
} from '../../../eval/analysis/eval-set';

const fixtures = 'test/fixtures/analysis-eval';

const line = (window: object) => JSON.stringify(window);
const risky = {
  id: 'scam-0009',
  lang: 'pt-BR',
  messages: [{ from: 'contact', text: 'oi' }],
  expected: [{ category: 'scam', minSeverity: 'medium', message: 0 }],
};

describe('the evaluation set', () => {
  it('loads every window of the folder, oldest file first', async () => {
    const windows = await loadEvalSet(fixtures);
    expect(windows).toHaveLength(12);
    expect(windows.filter((w) => w.expected.length === 0)).toHaveLength(6);
  });

  it('keeps every earlier round in dev, round 3 whole included (its held-out third joined dev)', () => {
    // sha256('round-3/grooming-0203') starts 856da21c, a third that was held out until round 9 was whole
    expect(splitOf({ id: 'grooming-0203', round: 3 })).toBe('dev');
    expect(splitOf({ id: 'grooming-0201', round: 3 })).toBe('dev');
    expect(splitOf({ id: 'grooming-0203' })).toBe('dev');
  });

  it('holds out the newest round written to measure whole, and never a teaching round', () => {
    expect(splitOf({ id: 'grooming-0201', round: HELD_OUT_ROUND })).toBe('holdout');
    expect(splitOf({ id: 'ordinary-everyday-games-0001', round: HELD_OUT_ROUND })).toBe('holdout');
    expect(splitOf({ id: 'grooming-0203', round: TEACHING_ROUNDS[0] })).toBe('dev');
  });

  it('names every bad line by file and line, never its text', () => {
    const content = [
      line(risky),
      'not json',
      line({ ...risky, id: 'scam-0010', messages: Array(7).fill({ from: 'contact', text: 'segredo' }) }),
      line({
        ...risky,
        id: 'scam-0011',
        expected: [{ category: 'scam', minSeverity: 'medium', message: 1 }],
      }),
      line({ ...risky, id: 'hate-0001' }),
      line({
        ...risky,
        id: 'scam-0013',
        expected: [{ category: 'spam', minSeverity: 'medium', message: 0 }],
      }),
      line({ ...risky, id: 'scam-0014', messages: [{ from: 'parent', text: 'oi' }] }),
    ].join('\n');
    const { windows, errors } = parseWindows('scam.jsonl', content);
    expect(windows.map((w) => w.id)).toEqual(['scam-0009']);
    expect(errors.map((e) => e.split(':').slice(0, 2).join(':'))).toEqual(
      [2, 3, 4, 5, 6, 7].map((n) => `scam.jsonl:${n}`),
    );
    expect(errors.join('\n')).not.toContain('segredo');
  });

  it('refuses findings expected on an ordinary window, and files of no known kind', () => {
    const { errors } = parseWindows('ordinary-school.jsonl', line({ ...risky, id: 'ordinary-school-0001' }));
    expect(errors).toEqual(['ordinary-school.jsonl:1: an ordinary window expects findings']);
    expect(parseWindows('spam.jsonl', line({ ...risky, id: 'spam-0001' })).errors).toEqual([
      'spam.jsonl: neither a category nor ordinary-<theme>',
    ]);
  });

  it('refuses an id twice in the set, and any bad line', () => {
    const twice = [{ name: 'scam.jsonl', content: [line(risky), line(risky)].join('\n') }];
    expect(() => parseEvalSet(twice)).toThrow(/id scam-0009 appears twice/);
    expect(() => parseEvalSet([{ name: 'scam.jsonl', content: 'oops' }])).toThrow(EvalSetError);
  });

  it('fingerprints the content but not the notes or the order', async () => {
    const windows = await loadEvalSet(fixtures);
    const noted = windows.map((w) => ({ ...w, note: 'why' })).reverse();
    expect(setDigest(noted)).toBe(setDigest(windows));
    const changed = windows.map((w, i) => (i === 0 ? { ...w, lang: 'en' as const } : w));
    expect(setDigest(changed)).not.toBe(setDigest(windows));
  });
});
