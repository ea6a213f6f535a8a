/**
 * What analysis says of one message: a closed category, a severity and a confidence. A finding is
 * keyed by its message and category, so the same message analysed twice counts once.
 */
export const findingCategories = [
  'grooming',
  'sexual_content',
  'bullying',
  'self_harm',
  'violence',
  'drugs',
  'scam',
  'hate',
] as const;
export type FindingCategory = (typeof findingCategories)[number];

/** Lowest first: the order ranks them. */
export const findingSeverities = ['low', 'medium', 'high'] as const;
export type FindingSeverity = (typeof findingSeverities)[number];

/** A live message, or one read by the history import. */
export const findingSources = ['live', 'history'] as const;
export type FindingSource = (typeof findingSources)[number];

export interface Finding {
  category: FindingCategory;
  severity: FindingSeverity;
  /** The message that carries the risk. */
  messageId: string;
  /** 0..1 */
  confidence: number;
  source: FindingSource;
}

export const findingKey = (finding: Pick<Finding, 'messageId' | 'category'>): string =>
  `${finding.messageId}#${finding.category}`;

export const highestSeverity = (a: FindingSeverity, b: FindingSeverity): FindingSeverity =>
  findingSeverities.indexOf(a) >= findingSeverities.indexOf(b) ? a : b;
