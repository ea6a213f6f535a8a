import type { Dependent } from '../family/dependent';

/**
 * What the backoffice shows of a protected person (the spec's rule 9): never who they are. Each
 * masking keeps only what an operator needs to tell rows apart and to talk with a family about one.
 */

/** `Maria Silva` -> `M. S.`: the first letter of each word. */
export const maskName = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => `${word.charAt(0).toLocaleUpperCase('pt-BR')}.`)
    .join(' ');

/** `+5511987654321` -> `+55 11 9****-**21`: the country, the area, the last two digits. */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('55') && digits.length >= 12) {
    const local = digits.slice(4);
    const hidden = '*'.repeat(Math.max(0, local.length - 5));
    return `+55 ${digits.slice(2, 4)} ${local.slice(0, 1)}${hidden}-**${local.slice(-2)}`;
  }
  return `+${digits.slice(0, 2)} ****${digits.slice(-2)}`;
};

/** A CPF `52998224725` -> `***.***.***-25`: its check digits only. */
export const maskDocument = (document: { type: 'cpf'; number: string }): string =>
  `***.***.***-${document.number.slice(-2)}`;

/** `2014-03-02` -> `2014`. */
export const birthYear = (birthDate: string): string => birthDate.slice(0, 4);

export const maskedDependent = (dependent: Dependent) => ({
  kind: dependent.kind,
  name: maskName(dependent.name),
  phone: dependent.phone === null ? null : maskPhone(dependent.phone),
  document: dependent.document === null ? null : maskDocument(dependent.document),
  birthYear: birthYear(dependent.birthDate),
  relationship: dependent.relationship,
});
