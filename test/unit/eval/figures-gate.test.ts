import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadEvalSet } from '../../../eval/analysis/eval-set';
import {
  FIGURES_PATH,
  measureFigures,
  regressions,
  type CommittedFigures,
} from '../../../eval/analysis/figures';

/**
 * The CI gate: the local analyzer and the risk screen over the whole evaluation set, held to the
 * committed figures. Both are deterministic, so the same code gives the same figures every run.
 */
describe('the analysis evaluation gate', () => {
  it('finds no figure worse than committed in eval/analysis/figures.json', async () => {
    const committed = JSON.parse(readFileSync(FIGURES_PATH, 'utf8')) as CommittedFigures;
    const measured = await measureFigures(await loadEvalSet('eval/analysis/windows'));
    expect(regressions(committed, measured)).toEqual([]);
    // The whole set through both analyzers: seconds alone, longer beside the other tiers.
  }, 120_000);
});

describe('what the gate calls worse', () => {
  const gate = (
    recall: number | null,
    falseAlerts: number | null,
    screenRecall: number,
    passRate: number,
    contextCarried: number | null = 0.5,
  ) => ({
    local: {
      recall: {
        grooming: recall,
        sexual_content: 1,
        bullying: 1,
        self_harm: 1,
        violence: 1,
        drugs: 1,
        scam: 1,
        hate: 1,
      },
      falseAlertsPer1000: falseAlerts,
      contextCarriedRecall: contextCarried,
    },
    screen: { recall: screenRecall, passRate },
  });
  const figures = (dev: ReturnType<typeof gate>, digest = 'abc'): CommittedFigures => ({
    set: { digest, windows: 10 },
    screenThreshold: 1,
    splits: { dev, holdout: gate(0.8, 1, 0.97, 0.05) },
  });
  const committed = figures(gate(0.8, 1, 0.97, 0.05));

  it('passes equal or better figures', () => {
    expect(regressions(committed, committed)).toEqual([]);
    expect(regressions(committed, figures(gate(0.9, 0.5, 1, 0.01)))).toEqual([]);
  });

  it('names a lower recall, more false alerts, a lower screen recall, a higher pass rate', () => {
    expect(regressions(committed, figures(gate(0.7, 1.5, 0.9, 0.06, 0.4)))).toEqual([
      "dev: the local analyzer's grooming recall fell from 0.8000 to 0.7000",
      "dev: the local analyzer's recall of what only the conversation carries fell from 0.5000 to 0.4000",
      "dev: the local analyzer's false alerts per 1,000 ordinary messages rose from 1.0000 to 1.5000",
      "dev: the screen's recall fell from 0.9700 to 0.9000",
      "dev: the screen's pass rate on ordinary messages rose from 0.0500 to 0.0600",
    ]);
    expect(regressions(committed, figures(gate(null, 1, 0.97, 0.05)))).toHaveLength(1);
  });

  it('asks for new figures when the set changed', () => {
    expect(regressions(committed, figures(gate(0.8, 1, 0.97, 0.05), 'def'))[0]).toMatch(
      /the evaluation set changed .*--write-figures/,
    );
  });
});
