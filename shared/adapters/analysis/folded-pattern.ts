import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { words } from '../../domain/consent/phrase-match';

/** Lower case, accents and punctuation gone, one space between words: what the patterns read. */
export const fold = (text: string): string => words(text).join(' ');

/**
 * A pattern over folded text, matched as whole words: nothing but a space (or the text's edge) may
 * touch either end of a match. In folded text that is the same as no letter or digit touching it,
 * and a fifth of the cost to compile: unicode classes in the lookarounds of every pattern weigh more
 * than the words between them.
 */
export const wholeWords = (source: string, flags = ''): RegExp =>
  new RegExp(`(?<![^ ])(?:${source})(?![^ ])`, `${flags}u`);

/**
 * A text of 1,000 characters or more: for a subject that long V8 compiles a pattern to machine code
 * at once instead of first to bytecode and then again on its second use. Latin-1, as V8 keeps every
 * folded text of a Latin-script message (its accents are gone): a pattern is compiled apart for each
 * string representation, and compiling the two-byte one ahead as well doubled what a worker's first
 * window paid (over 40 ordinary windows of the evaluation set, each the first of a fresh process: a
 * median of 16 ms against 11, 43 against 24 at the 90th percentile). A text of another script
 * compiles the patterns it reaches on its first use, milliseconds inside the window's time budget.
 */
const WARM_UP_TEXT = 'bom dia '.repeat(125);

/**
 * Runs a pattern once on the warm-up text: V8 compiles a pattern on its first use, and a pattern of
 * the rules takes milliseconds, which would otherwise fall on the windows that use it first, unevenly.
 */
const compileAhead = (pattern: RegExp): void => {
  pattern.test(WARM_UP_TEXT);
  pattern.lastIndex = 0;
};

/**
 * Strings a pattern cannot match without (`npm run eval:anchors` writes them from the patterns, by
 * the digest of each source): a folded text that holds none of a pattern's anchors cannot match it,
 * so it is not run, nor compiled until a text holds one. A pattern without a usable entry (none
 * found, written since, or an anchor shorter than the index reads) is compiled at load and run on
 * every text. A pattern's anchors are one string, joined by `ANCHOR_SEPARATOR`: read as they are, not
 * split into thousands of strings at every cold start.
 */
export type AnchorTable = Readonly<Record<string, string | null>>;

/** Between two anchors of a pattern: never in a folded text (letters, digits and single spaces). */
export const ANCHOR_SEPARATOR = '|';

/** The index looks anchors up by their first two characters. */
const SHORTEST_ANCHOR = 2;

/** The key of a pattern's anchors: the first 16 hex digits of the SHA-256 of its source. */
export const anchorKey = (source: string): string =>
  createHash('sha256').update(source).digest('hex').slice(0, 16);

/** A pattern over folded text (`wholeWords`), compiled on the first text that holds one of its anchors. */
export interface FoldedPattern {
  /** The pattern as written in its category's lexicon. */
  readonly source: string;
  test(text: string): boolean;
  /** Every match (the pattern is global). */
  matchAll(text: string): Iterable<RegExpMatchArray>;
  /** Whether it was compiled yet: at load without anchors, else on the first text holding one. */
  compiled(): boolean;
}

const NOTHING: readonly RegExpMatchArray[] = [];

const bigramAt = (text: string, at: number) => text.charCodeAt(at) * 0x10000 + text.charCodeAt(at + 1);

/** Calls `visit` with each anchor of each pattern: its place in its pattern's joined string. */
const eachAnchor = (
  joinedByPattern: readonly (string | null)[],
  visit: (joined: string, start: number, end: number, pattern: number) => void,
): void =>
  joinedByPattern.forEach((joined, pattern) => {
    if (joined === null) return;
    for (let start = 0; start < joined.length;) {
      const separator = joined.indexOf(ANCHOR_SEPARATOR, start);
      const end = separator === -1 ? joined.length : separator;
      visit(joined, start, end, pattern);
      start = end + 1;
    }
  });

/** An anchor shorter than the index reads: fewer characters between two separators or an edge. */
const TOO_SHORT = new RegExp(
  `(?:^|\\${ANCHOR_SEPARATOR})[^${ANCHOR_SEPARATOR}]{0,${SHORTEST_ANCHOR - 1}}(?:\\${ANCHOR_SEPARATOR}|$)`,
);

/** The anchors of a table's entry as the index reads them, or null when it cannot use them. */
const usableAnchors = (joined: unknown): string | null =>
  // An entry of another shape (a table written before the anchors were joined) is no entry.
  typeof joined === 'string' && !TOO_SHORT.test(joined) ? joined : null;

/**
 * Which of a set's patterns a text holds an anchor of, in one pass over the text: the anchors by
 * their first two characters' codes, each place of the text looked up once (`usableAnchors` are at
 * least two characters long). The anchors stay places in their patterns' strings, kept in typed
 * arrays grouped by those two characters: thousands of them cost no object each at load. The answer
 * for the last text read is kept, since every pattern of the set asks about the same text in turn.
 */
const anchorIndex = (joinedByPattern: readonly (string | null)[]) => {
  const groupOf = new Map<number, number>();
  const sizes: number[] = [];
  eachAnchor(joinedByPattern, (joined, start) => {
    const bigram = bigramAt(joined, start);
    const group = groupOf.get(bigram) ?? sizes.push(0) - 1;
    groupOf.set(bigram, group);
    sizes[group] = (sizes[group] ?? 0) + 1;
  });
  // Group g's anchors are the places `firsts[g]` to `firsts[g + 1]` of the arrays below.
  const firsts = new Uint32Array(sizes.length + 1);
  sizes.forEach((size, group) => (firsts[group + 1] = (firsts[group] ?? 0) + size));
  const next = firsts.slice(0, -1);
  const count = firsts[sizes.length] ?? 0;
  const starts = new Uint32Array(count);
  const ends = new Uint32Array(count);
  const patterns = new Uint32Array(count);
  eachAnchor(joinedByPattern, (joined, start, end, pattern) => {
    const group = groupOf.get(bigramAt(joined, start)) ?? 0;
    const place = next[group] ?? 0;
    next[group] = place + 1;
    starts[place] = start;
    ends[place] = end;
    patterns[place] = pattern;
  });
  const holds = (text: string, at: number, place: number): boolean => {
    const joined = joinedByPattern[patterns[place] ?? 0] ?? '';
    const start = starts[place] ?? 0;
    const length = (ends[place] ?? 0) - start;
    if (length > text.length - at) return false;
    for (let offset = 0; offset < length; offset += 1)
      if (text.charCodeAt(at + offset) !== joined.charCodeAt(start + offset)) return false;
    return true;
  };
  // Every text reaches the patterns without anchors.
  const unanchored = Uint8Array.from(joinedByPattern, (joined) => (joined === null ? 1 : 0));
  let lastText: string | null = null;
  let lastReached = unanchored;
  return (text: string): Uint8Array => {
    if (text === lastText) return lastReached;
    const reached = unanchored.slice();
    for (let at = 0; at + 1 < text.length; at += 1) {
      const group = groupOf.get(bigramAt(text, at));
      if (group === undefined) continue;
      const last = firsts[group + 1] ?? 0;
      for (let place = firsts[group] ?? 0; place < last; place += 1) {
        const pattern = patterns[place] ?? 0;
        if (reached[pattern] === 0 && holds(text, at, place)) reached[pattern] = 1;
      }
    }
    [lastText, lastReached] = [text, reached];
    return reached;
  };
};

/**
 * The committed anchors (`npm run eval:anchors`), read from beside the module on the first set of
 * patterns: `categories/` here, and beside a function's bundle, where the synthesis copies them
 * (`besideFiles` in infra/constructs/bundling.ts). Bundled as an object literal, its 100 KB cost
 * every cold start about 8 ms to compile; parsed as JSON from the file, about 1.
 */
let committedAnchors: AnchorTable | undefined;
const committedAnchorTable = (): AnchorTable =>
  (committedAnchors ??= JSON.parse(
    readFileSync(new URL('./categories/anchors.json', import.meta.url), 'utf8'),
  ) as AnchorTable);

/**
 * Each row's `source` as a whole-word pattern over folded text (`global` for `matchAll`), the rows
 * sharing one index of their anchors: a pattern runs only on a text that holds one of them, and is
 * compiled on the first such text (at once when it has no anchors).
 */
export const withFoldedPatterns = <Row extends { source: string }>(
  rows: readonly Row[],
  options: { global?: boolean; anchors?: AnchorTable } = {},
): (Row & { pattern: FoldedPattern })[] => {
  const table = options.anchors ?? committedAnchorTable();
  const anchorsByPattern = rows.map((row) => usableAnchors(table[anchorKey(row.source)]));
  const reachedIn = anchorIndex(anchorsByPattern);
  return rows.map((row, index) => {
    let compiled: RegExp | null = null;
    const pattern = (): RegExp => {
      if (compiled === null) {
        compiled = wholeWords(row.source, options.global === true ? 'g' : '');
        compileAhead(compiled);
      }
      return compiled;
    };
    if (anchorsByPattern[index] === null) pattern();
    const reaches = (text: string) => reachedIn(text)[index] === 1;
    return {
      ...row,
      pattern: {
        source: row.source,
        test: (text) => reaches(text) && pattern().test(text),
        matchAll: (text) => (reaches(text) ? text.matchAll(pattern()) : NOTHING),
        compiled: () => compiled !== null,
      },
    };
  });
};

/** `withFoldedPatterns` of bare sources. */
export const foldedPatterns = (
  sources: readonly string[],
  options: { global?: boolean; anchors?: AnchorTable } = {},
): FoldedPattern[] =>
  withFoldedPatterns(
    sources.map((source) => ({ source })),
    options,
  ).map((row) => row.pattern);
