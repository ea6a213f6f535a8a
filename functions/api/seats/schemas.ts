import * as z from '../../../shared/validation/z';
import {
  accountParams,
  birthDateField,
  cpfField,
  nameField,
  phoneField,
  relationshipField,
  seatParams,
} from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

/** Kind, name, birth date and relationship are required; phone and document may come later. */
export const dependentBody = z.pipe(
  z.strictObject({
    kind: z.enum(['minor', 'adult']),
    name: nameField,
    birthDate: birthDateField,
    relationship: relationshipField,
    phone: z.optional(z.nullable(phoneField)),
    document: z.optional(z.nullable(cpfField)),
  }),
  z.transform((body) => ({ ...body, phone: body.phone ?? null, document: body.document ?? null })),
);

export const consentRequestBody = z.strictObject({ send: z.enum(['now', 'later']) });

/** The guardian's attestation must be exactly `true`; anything else is a validation error. */
export const activateBody = z.strictObject({
  guardianAttestation: z.literal(true),
  campaignCode: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
});

/** Until when the seat pauses: an ISO instant (the rules on it answer 422). */
export const pauseBody = z.strictObject({ until: z.iso.datetime() });

/** The schemas each seats operation validates with, keyed by the route table's operation names. */
export const requests = {
  createSeat: { params: accountParams },
  getSeat: { params: seatParams },
  removeSeat: { params: seatParams },
  putDependent: { params: seatParams, body: dependentBody },
  askConsent: { params: seatParams, body: consentRequestBody },
  resendConsent: { params: seatParams },
  activateSeat: { params: seatParams, body: activateBody },
  getConsent: { params: seatParams },
  getProtection: { params: seatParams },
  pauseSeat: { params: seatParams, body: pauseBody },
  resumeSeat: { params: seatParams, body: z.strictObject({}) },
} satisfies GroupRequests<'seats'>;
