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
