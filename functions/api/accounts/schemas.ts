import * as z from '../../../shared/validation/z';
import {
  accountParams,
  cpfField,
  emailField,
  memberParams,
  nameField,
  phoneField,
  relationshipField,
} from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

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

/** The schemas each accounts operation validates with, keyed by the route table's operation names. */
export const requests = {
  getProfile: {},
  updateProfile: { body: updateProfileBody },
  createAccount: { body: createAccountBody },
  listAccounts: {},
  getOnboarding: { params: accountParams },
  listMembers: { params: accountParams },
  inviteMember: { params: accountParams, body: inviteMemberBody },
  updateMember: { params: memberParams, body: updateMemberBody },
  removeMember: { params: memberParams },
  createSubscription: { params: accountParams, body: subscriptionBody },
  getSubscription: { params: accountParams },
  getCatalog: {},
  issueStreamTicket: { params: accountParams },
} satisfies GroupRequests<'accounts'>;
