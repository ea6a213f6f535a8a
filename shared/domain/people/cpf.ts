/** Brazilian CPF: 11 digits whose last two are check digits of the first nine. */

const onlyDigits = (value: string): string => value.replace(/\D/g, '');

const checkDigit = (digits: readonly number[]): number => {
  const weightStart = digits.length + 1;
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
};

/** Dots and the dash are accepted on input and stripped; anything else makes the number invalid. */
export const normaliseCpf = (input: string): string | null => {
  if (!/^[\d.\- ]+$/.test(input)) return null;
  const digits = onlyDigits(input);
  return digits.length === 11 ? digits : null;
};

export const isValidCpf = (digits: string): boolean => {
  if (!/^\d{11}$/.test(digits)) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  const first = checkDigit(numbers.slice(0, 9));
  const second = checkDigit(numbers.slice(0, 10));
  return numbers[9] === first && numbers[10] === second;
};

/** Completes nine digits with their check digits (for sandbox fixtures and tests). */
export const withCheckDigits = (nineDigits: string): string => {
  const numbers = [...nineDigits].map(Number);
  const first = checkDigit(numbers);
  return `${nineDigits}${first}${checkDigit([...numbers, first])}`;
};
