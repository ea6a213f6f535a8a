import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { lexicons } from '../../shared/adapters/analysis/categories';
import { ANCHOR_SEPARATOR, anchorKey, type AnchorTable } from '../../shared/adapters/analysis/folded-pattern';

/**
 * The anchors of a pattern over folded text (shared/adapters/analysis/folded-pattern.ts): strings
 * such that every text the pattern matches holds at least one of them, read from the pattern's syntax
 * tree. A set of strings is a requirement: a literal run requires itself, an alternation the union of
 * its alternatives' requirements, a quantifier of at least one its element's, and a sequence any one
 * of its elements' (the best is kept: the longest shortest string, then the fewest strings). Classes,
 * escapes such as `\w`, lookarounds and optional parts require nothing (null).
 */
type Requirement = readonly string[] | null;

/** Past this many strings a sequence's exact spellings stop growing (the prefix kept so far is used). */
const MOST_SPELLINGS = 64;
/** Anchors shorter than this are in nearly every text: the pattern is better compiled at load. */
const SHORTEST_USEFUL_ANCHOR = 2;

const shortest = (strings: readonly string[]): number => Math.min(...strings.map((s) => s.length));
const worth = (requirement: Requirement): number =>
  requirement === null || requirement.length === 0 ? -1 : shortest(requirement) * 1000 - requirement.length;
const best = (candidates: readonly Requirement[]): Requirement =>
  candidates.reduce<Requirement>((kept, next) => (worth(next) > worth(kept) ? next : kept), null);
const union = (requirements: readonly Requirement[]): Requirement =>
  requirements.some((requirement) => requirement === null)
    ? null
    : [...new Set(requirements.flatMap((requirement) => requirement ?? []))];

/** Every string an element can match, when they are few and known (a literal, a small alternation). */
const spellingsOf = (element: AST.Element): readonly string[] | null => {
  switch (element.type) {
    case 'Character':
      return [String.fromCodePoint(element.value)];
    case 'Group':
    case 'CapturingGroup': {
      const all: string[] = [];
      for (const alternative of element.alternatives) {
        let spellings: readonly string[] = [''];
        for (const inner of alternative.elements) {
          const next = spellingsOf(inner);
          if (next === null) return null;
          spellings = spellings.flatMap((prefix) => next.map((s) => prefix + s));
          if (spellings.length > MOST_SPELLINGS) return null;
        }
        all.push(...spellings);
      }
      return all.length > MOST_SPELLINGS ? null : [...new Set(all)];
    }
    case 'Quantifier':
      if (element.min === 0 && element.max === 1) {
        const inner = spellingsOf(element.element);
        return inner === null ? null : ['', ...inner];
      }
      return null;
    default:
      return null;
  }
};

const requirementOfSequence = (elements: readonly AST.Element[]): Requirement => {
  const candidates: Requirement[] = [];
  let spellings: readonly string[] = [''];
  const close = () => {
    candidates.push(spellings);
    spellings = [''];
  };
  for (const element of elements) {
    const next = spellingsOf(element);
    if (next !== null) {
      const grown = spellings.flatMap((prefix) => next.map((s) => prefix + s));
      if (grown.length <= MOST_SPELLINGS) {
        spellings = grown;
        continue;
      }
      close();
      if (next.length <= MOST_SPELLINGS) spellings = next;
      continue;
    }
    close();
    candidates.push(requirementOf(element));
  }
  close();
  return best(candidates);
};

const requirementOfAlternatives = (alternatives: readonly AST.Alternative[]): Requirement =>
  union(alternatives.map((alternative) => requirementOfSequence(alternative.elements)));

const requirementOf = (element: AST.Element): Requirement => {
  switch (element.type) {
    case 'Character':
      return [String.fromCodePoint(element.value)];
    case 'Group':
    case 'CapturingGroup':
      return requirementOfAlternatives(element.alternatives);
    case 'Quantifier':
      return element.min >= 1 ? requirementOf(element.element) : null;
    default:
      return null;
  }
};

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** Anchors without those holding another (a text holding the longer one holds the shorter). */
const withoutContaining = (anchors: readonly string[]): string[] =>
  anchors.filter((anchor) => !anchors.some((other) => other !== anchor && anchor.includes(other)));

/** A pattern's anchors, sorted, or null when it has none worth checking. */
export const anchorsOf = (source: string): readonly string[] | null => {
  const pattern = parser.parsePattern(source, undefined, undefined, { unicode: true });
  const requirement = requirementOfAlternatives(pattern.alternatives);
  return requirement !== null && requirement.length > 0 && shortest(requirement) >= SHORTEST_USEFUL_ANCHOR
    ? withoutContaining(requirement).sort()
    : null;
};

/** Every pattern of the analysis as it is compiled: each rule's patterns as one, each signal pattern alone. */
export const analysisPatternSources = (): string[] =>
  Object.values(lexicons).flatMap((lexicon) => [
    ...lexicon.rules.map((rule) => rule.patterns.join('|')),
    ...lexicon.signals.flatMap((signal) => signal.patterns),
  ]);

/** A pattern's anchors as the table holds them: joined, or null (none, or one holding the separator). */
const joinedAnchors = (anchors: readonly string[] | null): string | null =>
  anchors === null || anchors.some((anchor) => anchor.includes(ANCHOR_SEPARATOR))
    ? null
    : anchors.join(ANCHOR_SEPARATOR);

/** The anchor table of the patterns as written, keyed as `foldedPattern` looks them up. */
export const anchorTable = (sources: readonly string[] = analysisPatternSources()): AnchorTable =>
  Object.fromEntries(
    [...new Set(sources)]
      .map((source) => [anchorKey(source), joinedAnchors(anchorsOf(source))] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
