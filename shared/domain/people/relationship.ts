/** A protected person's tie to the account owner; guardians use the same list. */
export const relationships = [
  'child',
  'stepchild',
  'grandchild',
  'nephew_niece',
  'sibling',
  'parent',
  'grandparent',
  'spouse_partner',
  'ward',
  'other_relative',
] as const;

export type Relationship = (typeof relationships)[number];
