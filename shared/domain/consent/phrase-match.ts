/**
 * Comparing the phrase the person was asked to read with what was heard: words compared without
 * case, accents or punctuation; `score` is the share of the phrase's words that were heard.
 */
export const PHRASE_MATCH_THRESHOLD = 0.7;

export const words = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0);

export interface PhraseMatch {
  expected: string;
  heard: string;
  missing: string[];
  score: number;
}

export const matchPhrase = (expected: string, heard: string): PhraseMatch => {
  const pool = new Map<string, number>();
  for (const word of words(heard)) pool.set(word, (pool.get(word) ?? 0) + 1);
  const missing: string[] = [];
  const wanted = words(expected);
  for (const word of wanted) {
    const left = pool.get(word) ?? 0;
    if (left > 0) pool.set(word, left - 1);
    else missing.push(word);
  }
  const score =
    wanted.length === 0 ? 0 : Math.round(((wanted.length - missing.length) / wanted.length) * 100) / 100;
  return { expected, heard, missing, score };
};

export type PhraseVerdict =
  { outcome: 'read' } | { outcome: 'unintelligible' } | ({ outcome: 'mismatch' } & PhraseMatch);

export const judgePhrase = (expected: string, heard: string | null): PhraseVerdict => {
  if (heard === null || words(heard).length === 0) return { outcome: 'unintelligible' };
  const match = matchPhrase(expected, heard);
  return match.score >= PHRASE_MATCH_THRESHOLD ? { outcome: 'read' } : { outcome: 'mismatch', ...match };
};
