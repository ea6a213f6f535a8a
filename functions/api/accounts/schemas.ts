import * as z from '../../../shared/validation/z';
import { cpfField, emailField, nameField, phoneField, relationshipField } from '../../../shared/http/fields';

export const createAccountBody = z.strictObject({ name: nameField });
export const inviteMemberBody = z.strictObject({
  email: emailField,
  relationship: z.optional(relationshipField),
});
export const updateMemberBody = z.strictObject({ relationship: relationshipField });
export const updateProfileBody = z.strictObject({
  name: z.optional(nameField),
  phone: z.optional(phoneField),
  document: z.optional(cpfField),
});

export const subscriptionBody = z.strictObject({
  interval: z.enum(['monthly', 'yearly']),
  campaignCode: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
});
