import { describe, expect, it } from 'vitest';
import { loadEvalSet, type EvalWindow } from '../../../eval/analysis/eval-set';
import { chatOf, replay, score, scoreScreen, windowsOf } from '../../../eval/analysis/score';
import type { Finding } from '../../../shared/domain/analysis/finding';
import type { AnalysisWindow } from '../../../shared/domain/analysis/window';
import type { Analyzer } from '../../../shared/ports/analyzer';

const set = await loadEvalSet('test/fixtures/analysis-eval');
const byId = (id: string) => set.find((w) => w.id === id)!;

/** An analyzer that answers from a table of (message id -> findings), recording every window it read. */
const tableAnalyzer = (table: Record<string, Omit<Finding, 'messageId' | 'confidence'>[]>) => {
  const seen: AnalysisWindow[] = [];
  const analyzer: Analyzer = {
    assess(window) {
      seen.push(window);
      const last = window.at(-1)!;
      return Promise.resolve(
        (table[last.messageId] ?? []).map((f) => ({ ...f, messageId: last.messageId, confidence: 0.9 })),
      );
    },
  };
  return { analyzer, seen };
};

describe('replaying a window', () => {
  it('analyses each message with the window ending at it: at most the 5 before, stable ids and instants', async () => {
    const long = byId('ordinary-school-0004');
    const { analyzer, seen } = tableAnalyzer({});
    await replay(analyzer, long);
    expect(seen.map((w) => w.length)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen[5]!.map((m) => m.messageId)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `ordinary-school-0004-m${i}`),
    );
    expect(seen[1]).toEqual(chatOf(long).slice(0, 2));
    expect(chatOf(long)[1]).toEqual({
      messageId: 'ordinary-school-0004-m1',
      fromMe: false,
      text: 'kkkkkk',
      sentAt: '2026-01-05T12:01:00.000Z',
    });
  });

  it('keys findings by message and category, keeping the gravest; ignores messages outside the window', async () => {
    const window = byId('grooming-0001');
    const analyzer: Analyzer = {
      assess: (w) =>
        Promise.resolve([
          {
            category: 'grooming',
            severity: w.length === 3 ? 'high' : 'low',
            messageId: 'grooming-0001-m0',
            confidence: 1,
          },
          { category: 'grooming', severity: 'medium', messageId: 'elsewhere', confidence: 1 },
        ]),
    };
    const replayed = await replay(analyzer, window);
    expect([...replayed.findings.values()]).toEqual([
      { messageIndex: 0, category: 'grooming', severity: 'high' },
    ]);
  });
});

describe('scoring', () => {
  const run = async (analyzer: Analyzer, windows: readonly EvalWindow[] = set) =>
    score(await Promise.all(windows.map((w) => replay(analyzer, w))));

  it('catches an expected finding on its message with at least its severity', async () => {
    const { analyzer } = tableAnalyzer({
      'grooming-0001-m2': [{ category: 'grooming', severity: 'medium' }], // too mild: missed
      'grooming-0002-m1': [{ category: 'grooming', severity: 'high' }], // caught
      'grooming-0003-m1': [{ category: 'grooming', severity: 'high' }], // wrong message: missed, incorrect
      'scam-0001-m1': [
        { category: 'scam', severity: 'medium' }, // caught
        { category: 'hate', severity: 'low' }, // incorrect, not a false alert (risky window)
      ],
      'ordinary-school-0001-m2': [{ category: 'violence', severity: 'high' }], // false alert
    });
    const figures = await run(analyzer);
    expect(figures.categories.grooming).toEqual({
      windows: 3,
      caught: 1,
      missed: 2,
      findings: 3,
      correct: 2,
      precision: 2 / 3,
      recall: 1 / 3,
      falseAlerts: 0,
      falseAlertsPer1000: 0,
    });
    expect(figures.categories.scam).toMatchObject({
      windows: 2,
      caught: 1,
      missed: 1,
      precision: 1,
      recall: 0.5,
    });
    expect(figures.categories.hate).toMatchObject({ windows: 0, findings: 1, precision: 0, recall: null });
    expect(figures.categories.violence).toMatchObject({ findings: 1, falseAlerts: 1, precision: 0 });
    // 6 ordinary windows hold 3 + 2 + 2 + 6 + 3 + 2 = 18 messages
    expect(figures.ordinaryMessages).toBe(18);
    expect(figures.categories.violence.falseAlertsPer1000).toBeCloseTo(1000 / 18);
    expect(figures.overall).toMatchObject({
      windows: 6,
      caught: 2,
      missed: 4,
      findings: 6,
      correct: 3,
      precision: 0.5,
      recall: 2 / 6,
      falseAlerts: 1,
    });
    expect(figures.secondStage).toBeUndefined();
  });

  it('splits by round: the held-out round apart, the rest in dev', () => {
    // four fixtures are of round 9 (held out); grooming-0002 and scam-0001 of round 3, dev like the rest
    expect(windowsOf(set, 'holdout').map((w) => w.id)).toEqual([
      'grooming-0001',
      'ordinary-school-0001',
      'ordinary-school-0002',
      'scam-0002',
    ]);
    expect(windowsOf(set, 'dev')).toHaveLength(8);
    expect(windowsOf(set, 'all')).toHaveLength(12);
  });

  it('counts apart the findings only the conversation carries: not named from their message alone', async () => {
    const windows = [byId('grooming-0001'), byId('grooming-0002'), byId('grooming-0003')];
    // Names grooming on the last message, at high, only when it reads it after its context.
    const inContext: Analyzer = {
      assess: (w) =>
        Promise.resolve(
          w.length > 1 && w.at(-1)!.messageId.endsWith(w.length === 3 ? '-m2' : '-m1')
            ? [{ category: 'grooming', severity: 'high', messageId: w.at(-1)!.messageId, confidence: 1 }]
            : [],
        ),
    };
    expect((await run(inContext, windows)).contextCarried).toEqual({ expected: 3, caught: 3, recall: 1 });
    // grooming-0002's last message names it alone: the conversation carries only the two others.
    const { analyzer: alone } = tableAnalyzer({
      'grooming-0002-m1': [{ category: 'grooming', severity: 'high' }],
    });
    expect((await run(alone, windows)).contextCarried).toEqual({ expected: 2, caught: 0, recall: 0 });
    // Not read alone (a model call each): not measured.
    const unread = await Promise.all(windows.map((w) => replay(alone, w, undefined, { readAlone: false })));
    expect(score(unread).contextCarried).toBeNull();
  });

  it('counts the analyses a cascade passed to its second stage', async () => {
    const { analyzer } = tableAnalyzer({});
    const oddWindows = (w: AnalysisWindow) => w.length % 2 === 1;
    const replays = await Promise.all(set.map((w) => replay(analyzer, w, oddWindows)));
    const figures = score(replays, true);
    expect(figures.analyses).toBe(32);
    expect(figures.secondStage).toEqual({ analyses: 19, share: 19 / 32 });
  });
});

describe("the screen's figures", () => {
  it('screens a carrying message when a passed analysis holds it, and counts passes on ordinary messages', () => {
    // Passes only analyses whose new message is the window's third, or an ordinary window's first.
    const screen = (w: AnalysisWindow) =>
      w.at(-1)!.messageId.endsWith('-m2') || w.at(-1)!.messageId === 'ordinary-family-0001-m0';
    const figures = scoreScreen(screen, set);
    // The analysis ending at m2 holds carrying messages 0 to 2, when the window has a third message.
    expect(figures.categories.grooming).toEqual({ expected: 3, screened: 2, recall: 2 / 3 });
    expect(figures.categories.scam).toEqual({ expected: 2, screened: 0, recall: 0 });
    expect(figures.categories.self_harm).toEqual({ expected: 1, screened: 1, recall: 1 });
    expect(figures.recall).toBe(3 / 6);
    // ordinary: m2 of school-0001, school-0004, family-0001, and family-0001's m0
    expect(figures).toMatchObject({ ordinaryMessages: 18, ordinaryPassed: 4, analyses: 32, passed: 7 });
    expect(figures.passRate).toBe(4 / 18);
  });
});
