import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { anchorTable, anchorsOf, analysisPatternSources } from '../../../eval/analysis/pattern-anchors';
import { isOrdinary, loadEvalSet } from '../../../eval/analysis/eval-set';
import {
  anchorKey,
  fold,
  foldedPatterns,
  wholeWords,
  type AnchorTable,
} from '../../../shared/adapters/analysis/folded-pattern';

const committed = JSON.parse(
  await readFile('shared/adapters/analysis/categories/anchors.json', 'utf8'),
) as AnchorTable;
const windows = await loadEvalSet('eval/analysis/windows');
const texts = [...new Set(windows.flatMap((window) => window.messages.map((message) => fold(message.text))))];
const ordinaryTexts = windows
  .filter(isOrdinary)
  .flatMap((window) => window.messages.map((message) => fold(message.text)));
const sources = analysisPatternSources();
const matchesOf = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => `${m.index}:${m[0]}`);

describe('patterns over folded text', () => {
  it('match as whole words: no letter or digit of any script touches a match', () => {
    const letterOrDigitEdges = (source: string) =>
      new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'gu');
    const samples = [
      'Não conta pros seus pais!!! tá?',
      'nãoconta pros seus pais',
      'conta2 pros pais, 2conta pros pais',
      'Жconta pros pais, conta pros paisЖ, conta—pros pais… 😀conta pros pais😀',
      'مرحبا conta pros pais١ ١conta pros pais',
      'İstanbul conta   pros\tpais\n',
      '',
    ];
    let matched = 0;
    for (const text of samples.map(fold))
      for (const source of ['conta pros pais', 'conta\\w*', 'pais', 'p\\w+']) {
        const expected = matchesOf(text.matchAll(letterOrDigitEdges(source)));
        expect(matchesOf(text.matchAll(wholeWords(source, 'g')))).toEqual(expected);
        matched += expected.length;
      }
    expect(matched).toBeGreaterThan(10);
  });

  it('are anchored by the committed table, as the patterns are written now (else: npm run eval:anchors)', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(committed).toEqual(anchorTable());
    const anchored = sources.filter((source) => committed[anchorKey(source)] != null);
    expect(anchored.length / sources.length).toBeGreaterThanOrEqual(0.95);
  });

  it('find exactly what the compiled patterns find, on a third of the messages of the evaluation set', () => {
    const lazy = foldedPatterns(sources, { global: true });
    const eager = sources.map((source) => wholeWords(source, 'g'));
    let matched = 0;
    // Text by text, as the analysis asks: every pattern about one text before the next. A third of
    // the texts keeps the unit tier quick; the figures' gate reads all of them through the analysis.
    for (const text of texts.filter((_, index) => index % 3 === 0))
      sources.forEach((source, index) => {
        const expected = matchesOf(text.matchAll(eager[index]!));
        const found = matchesOf(lazy[index]!.matchAll(text));
        if (found.join() !== expected.join())
          expect({ source, text, found }).toEqual({ source, text, found: expected });
        matched += expected.length;
      });
    expect(matched).toBeGreaterThan(2_000);
    // Every pattern run twice over some six thousand texts: three seconds alone, longer beside the
    // e2e and browser tiers on two cores.
  }, 30_000);

  it('find in a text of another script what they find in a Latin one (compiled ahead for Latin only)', () => {
    const lazy = foldedPatterns(sources, { global: true });
    const latin = fold('Não conta pros seus pais, tá? me manda uma foto sem roupa');
    // A Cyrillic word keeps the folded text two-byte: each reached pattern compiles for it now.
    const mixed = `${latin} привет`;
    const found = (text: string) => lazy.map((pattern) => matchesOf(pattern.matchAll(text)).join());
    expect(found(latin).filter((matches) => matches !== '').length).toBeGreaterThanOrEqual(2);
    expect(found(mixed)).toEqual(found(latin));
  });

  it('are compiled only once a text holds one of their anchors', () => {
    const patterns = foldedPatterns(sources);
    expect(patterns.filter((pattern) => pattern.compiled())).toHaveLength(
      sources.filter((source) => committed[anchorKey(source)] == null).length,
    );
    for (const text of ['oi, tudo bem? chego às 7', 'beleza, te espero na portaria'].map(fold))
      for (const pattern of patterns) pattern.test(text);
    expect(patterns.filter((pattern) => pattern.compiled()).length).toBeLessThanOrEqual(3);

    const secrecy = patterns.find((pattern) => pattern.test(fold('Não conta pros seus pais, tá?')));
    expect(secrecy?.compiled()).toBe(true);
  });

  it('leave an ordinary message to about one pattern of the 106 on average', () => {
    const patterns = foldedPatterns(sources);
    let reached = 0;
    for (const text of ordinaryTexts)
      for (const pattern of patterns) {
        // `test` compiles a reached pattern: count the texts that reach each one, compiled or not.
        const before = pattern.compiled();
        if (pattern.test(text) || pattern.compiled() !== before) reached += 1;
      }
    expect(ordinaryTexts.length).toBeGreaterThan(9_000);
    expect(reached / ordinaryTexts.length).toBeLessThan(1.5);
  });

  it('compile a pattern the table does not know at once, and match it on every text', () => {
    const [unknown] = foldedPatterns(['padrao novo'], { anchors: {} });
    expect(unknown!.compiled()).toBe(true);
    expect(unknown!.test('um padrao novo aqui')).toBe(true);
    expect(unknown!.test('nada')).toBe(false);
  });

  it('read an entry without anchors, or with one too short to index (or empty), as no entry', () => {
    const source = 'padrao novo';
    for (const anchors of ['', 'p', 'padrao|n', 'padrao|', '|novo']) {
      const [pattern] = foldedPatterns([source], { anchors: { [anchorKey(source)]: anchors } });
      expect(pattern!.compiled()).toBe(true);
      expect(pattern!.test('um padrao novo aqui')).toBe(true);
    }
  });

  it('read an entry of a table written before the anchors were joined (a list) as no entry', () => {
    const source = 'padrao novo';
    const older = { [anchorKey(source)]: ['padrao', 'novo'] } as unknown as AnchorTable;
    const [pattern] = foldedPatterns([source], { anchors: older });
    expect(pattern!.compiled()).toBe(true);
    expect(pattern!.test('um padrao novo aqui')).toBe(true);
  });

  it('read anchors every match must hold, from the syntax: literals, alternations, spellings', () => {
    expect(anchorsOf('(?:manda|mande)( uma)? foto')).toEqual([
      'manda foto',
      'manda uma foto',
      'mande foto',
      'mande uma foto',
    ]);
    expect(anchorsOf('te (mat|quebr)\\w*')).toEqual(['te mat', 'te quebr']);
    expect(anchorsOf('vem sozinh[ao]|me encontra')).toEqual(['me encontra', 'vem sozinh']);
    expect(anchorsOf('\\w+|nada')).toBeNull();
    expect(anchorsOf('(a|b)\\w+')).toBeNull();
  });
});
