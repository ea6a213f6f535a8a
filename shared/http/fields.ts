import * as z from '../validation/z';
import { isCalendarDate } from '../domain/people/birth-date';
import { isValidCpf, normaliseCpf } from '../domain/people/cpf';
import { normaliseEmail } from '../domain/people/email';
import { isE164 } from '../domain/people/phone';
import { relationships } from '../domain/people/relationship';

/**
 * Field schemas shared by the routes' bodies: e-mails normalised, names trimmed, phones in E.164,
 * CPFs as their 11 checked digits, birth dates `YYYY-MM-DD`, each bounded in length.
 */
export const emailField = z.pipe(
  z.pipe(z.string().check(z.maxLength(254)), z.transform(normaliseEmail)),
  z.email('is not an e-mail address'),
);

export const nameField = z
  .string()
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100, 'must be at most 100 characters'));

export const phoneField = z
  .string()
  .check(z.maxLength(20), z.refine(isE164, 'must be an E.164 phone number like +5511987654321'));

export const cpfField = z.strictObject({
  type: z.literal('cpf'),
  number: z.pipe(
    z.string().check(z.maxLength(20)),
    z.transform((value: string, ctx) => {
      const digits = normaliseCpf(value);
      if (digits === null || !isValidCpf(digits)) {
        ctx.issues.push({ code: 'custom', message: 'is not a valid CPF', input: value });
        return z.NEVER;
      }
      return digits;
    }),
  ),
});

export const birthDateField = z
  .string()
  .check(z.maxLength(10), z.refine(isCalendarDate, 'must be a date written YYYY-MM-DD'));

export const relationshipField = z.enum(relationships);

export const uidParam = z.string().check(z.minLength(1), z.maxLength(128));

/** Path parameters of the routes, one schema each. */
export const accountParams = z.object({ uid: uidParam });
export const seatParams = z.object({ uid: uidParam });
export const memberParams = z.object({ uid: uidParam, memberUid: uidParam });
export const tokenParams = z.object({ token: z.string().check(z.minLength(1), z.maxLength(128)) });
