import * as z from 'zod';
import {
  birthDateField,
  cpfField,
  nameField,
  phoneField,
  relationshipField,
  uidParam,
} from '../../../shared/http/fields';

export const accountParams = z.object({ uid: uidParam });
export const seatParams = z.object({ uid: uidParam });

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
