import {
  severities,
  type Finding as AnalysisFinding,
  type RiskCategory,
  type Severity,
} from '../analysis/finding';

/** An alert's findings use the analysis's closed lists (shared/domain/analysis/finding.ts). */
export type FindingCategory = RiskCategory;
export type FindingSeverity = Severity;

/** A live message, or one read by the history import. */
export const findingSources = ['live', 'history'] as const;
export type FindingSource = (typeof findingSources)[number];

/**
 * What analysis says of one message, and whether it came live or from the history import. A finding
 * is keyed by its message and category, so the same message analysed twice counts once.
 */
export interface Finding extends AnalysisFinding {
  source: FindingSource;
  /** When the message that carries it was sent (the excerpt shows the most recent ones). */
  sentAt: string;
}

export const findingKey = (finding: Pick<Finding, 'messageId' | 'category'>): string =>
  `${finding.messageId}#${finding.category}`;

export const highestSeverity = (a: FindingSeverity, b: FindingSeverity): FindingSeverity =>
  severities.indexOf(a) >= severities.indexOf(b) ? a : b;
