import {
  riskCategories,
  severities,
  type Finding,
  type RiskCategory,
} from '../../shared/domain/analysis/finding';
import {
  PREVIOUS_MESSAGES_IN_WINDOW,
  trimWindow,
  type AnalysisWindow,
  type WindowMessage,
} from '../../shared/domain/analysis/window';
import type { Analyzer } from '../../shared/ports/analyzer';
import { isOrdinary, splitOf, type EvalWindow, type Split } from './eval-set';

/** A window's messages as the worker hands them over: stable ids, a minute apart. */
export const chatOf = (window: EvalWindow): WindowMessage[] =>
  window.messages.map((m, index) => ({
    messageId: `${window.id}-m${index}`,
    fromMe: m.from === 'dependent',
    text: m.text,
    sentAt: new Date(Date.UTC(2026, 0, 5, 12, index)).toISOString(),
  }));

/** Each analysis of the chat: the window ending at message `index`, at most 5 messages before it. */
const analysesOf = (chat: readonly WindowMessage[]): AnalysisWindow[] =>
  chat.map((_, index) => trimWindow(chat.slice(0, index + 1)));

const keyOf = (messageIndex: number, category: RiskCategory) => `${messageIndex}#${category}`;
const rankOf = (severity: Finding['severity']) => severities.indexOf(severity);

/** What the replay of one window yielded: findings keyed by message index and category (the gravest kept). */
export interface Replayed {
  window: EvalWindow;
  findings: Map<string, { messageIndex: number; category: RiskCategory; severity: Finding['severity'] }>;
  analyses: number;
  /** Analyses the second stage read (a cascade only). */
  secondStage: number;
  /**
   * The expected findings after the window's first message that the analyzer names, at their
   * severity, reading their message alone: the others only the conversation before them carries.
   * Null when not asked (each costs one more analysis: a model call for Bedrock).
   */
  alone: Set<string> | null;
}

/** A first stage: whether a window goes on to the second analyzer. */
export type Screen = (window: AnalysisWindow) => boolean;

/**
 * Replays a window message by message, as the worker reads a chat. For a cascade, `screen` is its
 * first stage (pure, so asking it again tells which analyses reached the second stage).
 */
export const replay = async (
  analyzer: Analyzer,
  window: EvalWindow,
  screen?: Screen,
  options: { readAlone: boolean } = { readAlone: true },
): Promise<Replayed> => {
  const chat = chatOf(window);
  const indexOf = new Map(chat.map((m, index) => [m.messageId, index]));
  const findings: Replayed['findings'] = new Map();
  let secondStage = 0;
  for (const analysis of analysesOf(chat)) {
    if (screen?.(analysis) === true) secondStage += 1;
    for (const finding of await analyzer.assess(analysis)) {
      const messageIndex = indexOf.get(finding.messageId);
      if (messageIndex === undefined) continue;
      const key = keyOf(messageIndex, finding.category);
      const held = findings.get(key);
      if (held === undefined || rankOf(finding.severity) > rankOf(held.severity))
        findings.set(key, { messageIndex, category: finding.category, severity: finding.severity });
    }
  }
  const alone = options.readAlone ? new Set<string>() : null;
  for (const e of alone === null ? [] : window.expected) {
    const message = chat[e.message];
    if (e.message === 0 || message === undefined) continue;
    const found = await analyzer.assess([message]);
    if (found.some((f) => f.category === e.category && rankOf(f.severity) >= rankOf(e.minSeverity)))
      alone?.add(keyOf(e.message, e.category));
  }
  return { window, findings, analyses: chat.length, secondStage, alone };
};

export interface Figures {
  /** Windows that expect this category (overall: risky windows). */
  windows: number;
  caught: number;
  missed: number;
  /** Findings named; `correct` ones are expected on their message (any severity). */
  findings: number;
  correct: number;
  precision: number | null;
  recall: number | null;
  /** Findings on ordinary windows, and per 1,000 ordinary messages. */
  falseAlerts: number;
  falseAlertsPer1000: number | null;
}

export interface SplitFigures {
  windows: number;
  ordinaryWindows: number;
  ordinaryMessages: number;
  analyses: number;
  categories: Record<RiskCategory, Figures>;
  overall: Figures;
  /** A cascade's share of analyses (= messages) its screen passed to the second stage. */
  secondStage?: { analyses: number; share: number | null };
  /**
   * The expected findings only the conversation carries (after the first message, and not named
   * from their message alone: an escalation's last step in plain words), and those caught.
   */
  contextCarried: { expected: number; caught: number; recall: number | null } | null;
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

const figuresOf = (replays: readonly Replayed[], ordinaryMessages: number, only?: RiskCategory): Figures => {
  const inScope = (category: RiskCategory) => only === undefined || category === only;
  let [windows, caught, missed, findings, correct, falseAlerts] = [0, 0, 0, 0, 0, 0];
  for (const { window, findings: found } of replays) {
    const expected = window.expected.filter((e) => inScope(e.category));
    if (expected.length > 0) windows += 1;
    for (const e of expected) {
      const held = found.get(keyOf(e.message, e.category));
      if (held !== undefined && rankOf(held.severity) >= rankOf(e.minSeverity)) caught += 1;
      else missed += 1;
    }
    const expectedKeys = new Set(window.expected.map((e) => keyOf(e.message, e.category)));
    for (const [key, finding] of found) {
      if (!inScope(finding.category)) continue;
      findings += 1;
      if (expectedKeys.has(key)) correct += 1;
      if (isOrdinary(window)) falseAlerts += 1;
    }
  }
  const per1000 = ratio(falseAlerts, ordinaryMessages);
  return {
    windows,
    caught,
    missed,
    findings,
    correct,
    precision: ratio(correct, findings),
    recall: ratio(caught, caught + missed),
    falseAlerts,
    falseAlertsPer1000: per1000 === null ? null : per1000 * 1000,
  };
};

/** The figures of a set of replayed windows (one split, or all). */
export const score = (replays: readonly Replayed[], cascade = false): SplitFigures => {
  const ordinary = replays.filter((r) => isOrdinary(r.window));
  const ordinaryMessages = ordinary.reduce((n, r) => n + r.window.messages.length, 0);
  const analyses = replays.reduce((n, r) => n + r.analyses, 0);
  const secondStage = replays.reduce((n, r) => n + r.secondStage, 0);
  let [contextExpected, contextCaught] = [0, 0];
  const readAlone = replays.every((r) => r.alone !== null);
  for (const { window, findings, alone } of readAlone ? replays : [])
    for (const e of window.expected) {
      if (e.message === 0 || alone?.has(keyOf(e.message, e.category)) === true) continue;
      contextExpected += 1;
      const held = findings.get(keyOf(e.message, e.category));
      if (held !== undefined && rankOf(held.severity) >= rankOf(e.minSeverity)) contextCaught += 1;
    }
  return {
    windows: replays.length,
    ordinaryWindows: ordinary.length,
    ordinaryMessages,
    analyses,
    categories: Object.fromEntries(
      riskCategories.map((c) => [c, figuresOf(replays, ordinaryMessages, c)]),
    ) as Record<RiskCategory, Figures>,
    overall: figuresOf(replays, ordinaryMessages),
    ...(cascade ? { secondStage: { analyses: secondStage, share: ratio(secondStage, analyses) } } : {}),
    contextCarried: readAlone
      ? { expected: contextExpected, caught: contextCaught, recall: ratio(contextCaught, contextExpected) }
      : null,
  };
};

export interface ScreenFigures {
  /** Expected findings whose carrying message was in some window the screen passed. */
  expected: number;
  screened: number;
  recall: number | null;
  categories: Record<RiskCategory, { expected: number; screened: number; recall: number | null }>;
  /** Analyses of ordinary windows (= ordinary messages) the screen passed. */
  ordinaryMessages: number;
  ordinaryPassed: number;
  passRate: number | null;
  /** Every analysis of the split, and the share passed. */
  analyses: number;
  passed: number;
  share: number | null;
}

/** The screen's own figures: recall of risky windows' carrying messages, pass rate on ordinary messages. */
export const scoreScreen = (screen: Screen, windows: readonly EvalWindow[]): ScreenFigures => {
  const byCategory = Object.fromEntries(
    riskCategories.map((c) => [c, { expected: 0, screened: 0 }]),
  ) as Record<RiskCategory, { expected: number; screened: number }>;
  let [ordinaryMessages, ordinaryPassed, analyses, passed] = [0, 0, 0, 0];
  for (const window of windows) {
    const passedAt = analysesOf(chatOf(window))
      .map((analysis, index) => (screen(analysis) ? index : -1))
      .filter((index) => index >= 0);
    analyses += window.messages.length;
    passed += passedAt.length;
    if (isOrdinary(window)) {
      ordinaryMessages += window.messages.length;
      ordinaryPassed += passedAt.length;
    }
    for (const e of window.expected) {
      byCategory[e.category].expected += 1;
      // The analysis ending at `index` holds the messages from index - 5 to index.
      if (passedAt.some((index) => e.message <= index && e.message >= index - PREVIOUS_MESSAGES_IN_WINDOW))
        byCategory[e.category].screened += 1;
    }
  }
  const all = Object.values(byCategory);
  const expected = all.reduce((n, c) => n + c.expected, 0);
  const screened = all.reduce((n, c) => n + c.screened, 0);
  return {
    expected,
    screened,
    recall: ratio(screened, expected),
    categories: Object.fromEntries(
      riskCategories.map((c) => [
        c,
        { ...byCategory[c], recall: ratio(byCategory[c].screened, byCategory[c].expected) },
      ]),
    ) as ScreenFigures['categories'],
    ordinaryMessages,
    ordinaryPassed,
    passRate: ratio(ordinaryPassed, ordinaryMessages),
    analyses,
    passed,
    share: ratio(passed, analyses),
  };
};

export const windowsOf = (windows: readonly EvalWindow[], split: Split | 'all'): EvalWindow[] =>
  split === 'all' ? [...windows] : windows.filter((w) => splitOf(w) === split);
