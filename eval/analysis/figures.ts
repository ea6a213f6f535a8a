import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { riskScreen, SCREEN_THRESHOLD } from '../../shared/adapters/analysis/risk-screen';
import { riskCategories, type RiskCategory } from '../../shared/domain/analysis/finding';
import { setDigest, splits, type EvalWindow, type Split } from './eval-set';
import { replay, score, scoreScreen, windowsOf } from './score';

/** Where the committed figures live; `npm run eval -- --adapter local --write-figures` rewrites them. */
export const FIGURES_PATH = 'eval/analysis/figures.json';

interface SplitGate {
  local: {
    recall: Record<RiskCategory, number | null>;
    falseAlertsPer1000: number | null;
    /** Recall of the findings only the conversation carries (an escalation's last step in plain words). */
    contextCarriedRecall: number | null;
  };
  screen: { recall: number | null; passRate: number | null };
}

/** What CI holds the local analyzer and the screen to: per split, on the set of that digest. */
export interface CommittedFigures {
  set: { digest: string; windows: number };
  screenThreshold: number;
  splits: Record<Split, SplitGate>;
}

/** The local analyzer's and the screen's figures on the set (deterministic: the same every run). */
export const measureFigures = async (windows: readonly EvalWindow[]): Promise<CommittedFigures> => {
  const local = rulesAnalyzer();
  const gateOf = async (split: Split): Promise<SplitGate> => {
    const part = windowsOf(windows, split);
    const figures = score(await Promise.all(part.map((w) => replay(local, w))));
    const screen = scoreScreen(riskScreen, part);
    return {
      local: {
        recall: Object.fromEntries(riskCategories.map((c) => [c, figures.categories[c].recall])) as Record<
          RiskCategory,
          number | null
        >,
        falseAlertsPer1000: figures.overall.falseAlertsPer1000,
        contextCarriedRecall: figures.contextCarried?.recall ?? null,
      },
      screen: { recall: screen.recall, passRate: screen.passRate },
    };
  };
  return {
    set: { digest: setDigest(windows), windows: windows.length },
    screenThreshold: SCREEN_THRESHOLD,
    splits: { dev: await gateOf('dev'), holdout: await gateOf('holdout') },
  };
};

// Figures are ratios of counts: a tolerance for the float noise only.
const EPSILON = 1e-9;
const worseIfLower = (now: number | null, committed: number | null) =>
  committed !== null && (now === null || now < committed - EPSILON);
const worseIfHigher = (now: number | null, committed: number | null) =>
  now !== null && (committed === null || now > committed + EPSILON);

const shown = (value: number | null) => (value === null ? 'none' : value.toFixed(4));

/** Every figure worse than committed, named (empty: no regression). The set must be the committed one. */
export const regressions = (committed: CommittedFigures, measured: CommittedFigures): string[] => {
  if (committed.set.digest !== measured.set.digest)
    return [
      `the evaluation set changed (${measured.set.windows} windows, digest ${measured.set.digest}; the figures are for ${committed.set.windows} windows, ${committed.set.digest}): run npm run eval -- --adapter local --write-figures and commit the figures with the set`,
    ];
  const found: string[] = [];
  for (const split of splits) {
    const [was, now] = [committed.splits[split], measured.splits[split]];
    for (const category of riskCategories)
      if (worseIfLower(now.local.recall[category], was.local.recall[category]))
        found.push(
          `${split}: the local analyzer's ${category} recall fell from ${shown(was.local.recall[category])} to ${shown(now.local.recall[category])}`,
        );
    if (worseIfLower(now.local.contextCarriedRecall, was.local.contextCarriedRecall))
      found.push(
        `${split}: the local analyzer's recall of what only the conversation carries fell from ${shown(was.local.contextCarriedRecall)} to ${shown(now.local.contextCarriedRecall)}`,
      );
    if (worseIfHigher(now.local.falseAlertsPer1000, was.local.falseAlertsPer1000))
      found.push(
        `${split}: the local analyzer's false alerts per 1,000 ordinary messages rose from ${shown(was.local.falseAlertsPer1000)} to ${shown(now.local.falseAlertsPer1000)}`,
      );
    if (worseIfLower(now.screen.recall, was.screen.recall))
      found.push(
        `${split}: the screen's recall fell from ${shown(was.screen.recall)} to ${shown(now.screen.recall)}`,
      );
    if (worseIfHigher(now.screen.passRate, was.screen.passRate))
      found.push(
        `${split}: the screen's pass rate on ordinary messages rose from ${shown(was.screen.passRate)} to ${shown(now.screen.passRate)}`,
      );
  }
  return found;
};
