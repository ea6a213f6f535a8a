/** The relationship check: only `refuted` blocks; `failed` runs again. */
export const relationshipResults = ['confirmed', 'refuted', 'inconclusive', 'failed'] as const;
export type RelationshipResult = (typeof relationshipResults)[number];

export interface RelationshipCheck {
  result: RelationshipResult;
  checkedAt: string;
}

/** Runs once per seat; only a `failed` check is run again, by the next consent request or resend. */
export const needsRelationshipCheck = (check: RelationshipCheck | null): boolean =>
  check === null || check.result === 'failed';

export const isRefuted = (check: RelationshipCheck | null): boolean => check?.result === 'refuted';
