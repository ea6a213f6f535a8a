import { describe, expect, it } from 'vitest';
import { lexicons } from '../../../shared/adapters/analysis/categories';
import {
  CLASSIFIER_SCREEN_THRESHOLD,
  riskScreenAt,
  screenScore,
  SCREEN_THRESHOLD,
} from '../../../shared/adapters/analysis/risk-screen';
import { compiledRules } from '../../../shared/adapters/analysis/compiled-rules';
import { rulesAnalyzer } from '../../../shared/adapters/analysis/rules-analyzer';
import type { TimeBudget } from '../../../shared/adapters/analysis/time-budget';
import type { WindowMessage } from '../../../shared/domain/analysis/window';

/**
 * Every quantifier without an upper bound (`*`, `+`, `{n,}`) that sits in a lookaround, or repeats
 * something that can cross a word (a dot, a space, a group, a class holding a space or negated):
 * what makes a pattern read the text again from every word. Repeating a word's characters (`\w*`,
 * `\d+`) stays linear: the patterns are tried only where a word starts.
 */
const unboundedRepeats = (pattern: string): string[] => {
  const found: string[] = [];
  const lookarounds: boolean[] = [];
  let atom: { text: string; inWord: boolean } | null = null;
  let i = 0;
  while (i < pattern.length) {
    const start = i;
    const char = pattern.charAt(i);
    const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(pattern.slice(i))?.[0];
    if (quantifier !== undefined) {
      i += quantifier.length;
      const unbounded = quantifier.startsWith('*') || quantifier.startsWith('+') || /,\}/.test(quantifier);
      if (unbounded && atom !== null && (lookarounds.includes(true) || !atom.inWord))
        found.push(`${atom.text}${quantifier}`);
      atom = null;
    } else if (char === '\\') {
      const named = /^\\[pP]\{[^}]+\}/.exec(pattern.slice(i))?.[0];
      i += named?.length ?? 2;
      const escape = pattern.slice(start, i);
      atom = {
        text: escape,
        inWord: named !== undefined ? escape.startsWith('\\p') : !/^\\[sSWD]$/.test(escape),
      };
    } else if (char === '[') {
      const end = pattern.indexOf(']', pattern.charAt(i + 1) === ']' ? i + 2 : i + 1);
      i = end + 1;
      const set = pattern.slice(start, i);
      atom = { text: set, inWord: !set.startsWith('[^') && !/ |\\[sSWD]/.test(set) };
    } else if (char === '(') {
      const opening = /^\((?:\?(?:<?[=!]|:|<[A-Za-z]\w*>))?/.exec(pattern.slice(i))?.[0] ?? '(';
      lookarounds.push(/^\(\?<?[=!]$/.test(opening));
      i += opening.length;
      atom = null;
    } else if (char === ')') {
      lookarounds.pop();
      i += 1;
      atom = { text: 'a group', inWord: false };
    } else {
      i += 1;
      atom =
        char === '|' || char === '^' || char === '$'
          ? null
          : { text: char, inWord: char !== '.' && char !== ' ' };
    }
  }
  return found;
};

const everyPattern = Object.entries(lexicons).flatMap(([category, lexicon]) =>
  [...lexicon.rules, ...lexicon.signals].flatMap(({ patterns }) =>
    patterns.map((pattern) => ({ category, pattern })),
  ),
);

describe('the patterns of the analysis', () => {
  it('never repeat without bound in a lookaround, nor across words', () => {
    expect(everyPattern.length).toBeGreaterThan(100);
    expect(Object.keys(lexicons).every((category) => everyPattern.some((p) => p.category === category))).toBe(
      true,
    );
    const faults = everyPattern.flatMap(({ category, pattern }) =>
      unboundedRepeats(pattern).map((repeat) => `${category}: ${repeat} in ${pattern}`),
    );
    expect(faults).toEqual([]);
  });

  it.each([
    ['(?<!(policia|news).*)(maconha)', ['.*']],
    ['(maconha)(?!.*(policia))', ['.*']],
    ['(?=\\w+ x)y', ['\\w+']],
    ['vende (?:\\w+ )+maconha', ['a group+']],
    ['(a+)+', ['a group+']],
    ['manda .+ nudes', ['.+']],
    ['te pego[^x]*saida', ['[^x]*']],
    ['eu (furo|esfaqueio)(?= *$)', [' *']],
    ['.{2,} fim', ['.{2,}']],
  ])('are checked: %s repeats without bound', (pattern, repeats) => {
    expect(unboundedRepeats(pattern)).toEqual(repeats);
  });

  it.each([
    '(?<!(policia|news).{0,200})(maconha)',
    '(vend\\w*|vendo) (um |uma )?maconha',
    '\\d+ (reais )?cada',
    '(\\p{L}+)',
    '(?:bala|doce)( \\w+){0,3} \\d+ cada',
  ])('are checked: %s is bounded', (pattern) => {
    expect(unboundedRepeats(pattern)).toEqual([]);
  });
});

const KB_64 = 65_536;
const repeated = (unit: string): string => unit.repeat(Math.ceil(KB_64 / unit.length)).slice(0, KB_64);
const alone = (text: string): WindowMessage[] => [
  { messageId: 'm-new', fromMe: false, text, sentAt: '2026-11-24T10:00:00.000Z' },
];
/** No deadline: the time measured is the patterns' own. */
const unlimited: TimeBudget = { ms: Number.POSITIVE_INFINITY, now: () => 0 };
const hostileBodies: [string, string][] = [
  [
    'long ordinary text',
    repeated('a gente se vê amanhã depois da aula, vou levar o caderno de matemática. '),
  ],
  ['a@a repeated', repeated('a@a')],
  ['one word over and over', repeated('casa ')],
  ['a trigger word over and over', repeated('policia ')],
  ['a drug and the police over and over', repeated('maconha policia ')],
  ['only spaces', repeated(' ')],
  ['only digits', repeated('7')],
  ['digits and spaces', repeated('1 ')],
  ['one endless word', repeated('a')],
];

/** The CPU time the work took, in milliseconds: other work on a busy machine does not count. */
const millisecondsOf = async (work: () => unknown): Promise<number> => {
  const started = process.cpuUsage();
  await work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
};

describe('a hostile body of 64 KB, read whole', () => {
  it.each(hostileBodies)('the rules read %s in well under a second', async (_, body) => {
    const analyzer = rulesAnalyzer({ timeBudget: unlimited });
    expect(await millisecondsOf(() => analyzer.assess(alone(body)))).toBeLessThan(1000);
  });

  it.each(hostileBodies)('the screen reads %s in well under a second', async (_, body) => {
    const screen = riskScreenAt(SCREEN_THRESHOLD, CLASSIFIER_SCREEN_THRESHOLD, unlimited);
    expect(await millisecondsOf(() => screen(alone(body)))).toBeLessThan(1000);
  });
});

/** A clock that reads one millisecond later at each reading. */
const ticking = (): (() => number) => {
  let now = 0;
  return () => now++;
};

describe('the time budget of one window', () => {
  it('stops the rules at the deadline, reporting what the rules read by then found', async () => {
    const text = 'manda nudes, vendo maconha 10 reais a grama';
    const full = await rulesAnalyzer().assess(alone(text));
    expect(full.map((f) => f.category)).toEqual(expect.arrayContaining(['sexual_content', 'drugs']));
    // Read at the start and before each rule: the rules before the first of drugs fit in the budget.
    const beforeDrugs = compiledRules.findIndex((rule) => rule.category === 'drugs');
    const cut = rulesAnalyzer({ timeBudget: { ms: beforeDrugs + 1, now: ticking() } });
    const found = (await cut.assess(alone(text))).map((f) => f.category);
    expect(found).toContain('sexual_content');
    expect(found).not.toContain('drugs');
  });

  it('passes on to the second stage a window the screen could not read in time', () => {
    const ordinary = alone('bom dia, que horas vc chega?');
    const spent: TimeBudget = { ms: 0, now: () => 0 };
    expect(screenScore(ordinary)).toBeLessThan(SCREEN_THRESHOLD);
    expect(screenScore(ordinary, spent)).toBe(Number.POSITIVE_INFINITY);
    expect(riskScreenAt(SCREEN_THRESHOLD, CLASSIFIER_SCREEN_THRESHOLD, spent)(ordinary)).toBe(true);
  });
});
