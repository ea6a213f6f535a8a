import { fail } from '../errors';
import { birthDateFitsKind, type PersonKind } from '../people/birth-date';
import type { Relationship } from '../people/relationship';

/** The protected person of a seat. Phone and document may be missing until the family fills them. */
export interface Dependent {
  kind: PersonKind;
  name: string;
  birthDate: string;
  relationship: Relationship;
  phone: string | null;
  document: { type: 'cpf'; number: string } | null;
}

export const isDependentComplete = (dependent: Dependent | null): boolean =>
  dependent !== null && dependent.phone !== null && dependent.document !== null;

export const sameDependent = (a: Dependent | null, b: Dependent): boolean =>
  a !== null &&
  a.kind === b.kind &&
  a.name === b.name &&
  a.birthDate === b.birthDate &&
  a.relationship === b.relationship &&
  a.phone === b.phone &&
  a.document?.number === b.document?.number;

/** The age rule: a minor is under 18, an adult 18 or over, never born in the future. */
export const checkBirthDate = (dependent: Dependent, now: Date): void => {
  if (!birthDateFitsKind(dependent.kind, dependent.birthDate, now)) throw fail('BIRTH_DATE_OUT_OF_RANGE');
};

/** What the consent page and guardians' e-mails and pushes call the person by. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;
