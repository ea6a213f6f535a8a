import * as z from 'zod';
import { cpfField, emailField, nameField, phoneField, relationshipField } from '../../../shared/http/fields';

export const createAccountBody = z.strictObject({ name: nameField });
export const inviteMemberBody = z.strictObject({
  email: emailField,
  relationship: relationshipField.optional(),
});
export const updateMemberBody = z.strictObject({ relationship: relationshipField });
export const updateProfileBody = z.strictObject({
  name: nameField.optional(),
  phone: phoneField.optional(),
  document: cpfField.optional(),
});

export const subscriptionBody = z.strictObject({
  interval: z.enum(['monthly', 'yearly']),
  campaignCode: z.string().min(1).max(32).optional(),
});
