/** E.164: a plus sign, a country code that does not start with 0, at most 15 digits in all. */
export const e164 = /^\+[1-9]\d{7,14}$/;

export const isE164 = (value: string): boolean => e164.test(value);
