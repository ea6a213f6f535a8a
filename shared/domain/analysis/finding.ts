/** The closed list of risks the analysis names; nothing outside it ever becomes a finding. */
export const riskCategories = [
  'grooming',
  'sexual_content',
  'bullying',
  'self_harm',
  'violence',
  'drugs',
  'scam',
  'hate',
] as const;
export type RiskCategory = (typeof riskCategories)[number];

export const severities = ['low', 'medium', 'high'] as const;
export type Severity = (typeof severities)[number];

export const isRiskCategory = (value: string): value is RiskCategory =>
  (riskCategories as readonly string[]).includes(value);

export const isSeverity = (value: string): value is Severity =>
  (severities as readonly string[]).includes(value);

/**
 * One risk the analysis saw: `messageId` is the message that carries it (findings are keyed by
 * message and category, so a repeated analysis never doubles one), `confidence` from 0 to 1.
 */
export interface Finding {
  category: RiskCategory;
  severity: Severity;
  messageId: string;
  confidence: number;
}
