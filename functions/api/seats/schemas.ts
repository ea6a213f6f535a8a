import * as z from 'zod';
import {
  birthDateField,
  cpfField,
  nameField,
  phoneField,
  relationshipField,
} from '../../../shared/http/fields';

/** Kind, name, birth date and relationship are required; phone and document may come later. */
export const dependentBody = z
  .strictObject({
    kind: z.enum(['minor', 'adult']),
    name: nameField,
    birthDate: birthDateField,
    relationship: relationshipField,
    phone: phoneField.nullable().optional(),
    document: cpfField.nullable().optional(),
  })
  .transform((body) => ({ ...body, phone: body.phone ?? null, document: body.document ?? null }));

export const consentRequestBody = z.strictObject({ send: z.enum(['now', 'later']) });

/** The guardian's attestation must be exactly `true`; anything else is a validation error. */
export const activateBody = z.strictObject({
  guardianAttestation: z.literal(true),
  campaignCode: z.string().min(1).max(32).optional(),
});
