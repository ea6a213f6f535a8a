import { devicePlatforms } from '../../../shared/ports/notifications';
import * as z from '../../../shared/validation/z';
import {
  accountParams,
  uidParam,
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

const deviceParams = z.object({ uid: uidParam });

/** A device's push token as the platform gives it (APNs hex, FCM registration tokens). */
export const registerDeviceBody = z.strictObject({
  platform: z.enum(devicePlatforms),
  token: z.string().check(z.minLength(8), z.maxLength(4096)),
});

/** The schemas each accounts operation validates with, keyed by the route table's operation names. */
export const requests = {
  getProfile: {},
  updateProfile: { body: updateProfileBody },
  registerDevice: { body: registerDeviceBody },
  removeDevice: { params: deviceParams },
  createAccount: { body: createAccountBody },
  listAccounts: {},
  getOnboarding: { params: accountParams },
  getHome: { params: accountParams },
  listMembers: { params: accountParams },
  inviteMember: { params: accountParams, body: inviteMemberBody },
  updateMember: { params: memberParams, body: updateMemberBody },
  removeMember: { params: memberParams },
  createSubscription: { params: accountParams, body: subscriptionBody },
  getSubscription: { params: accountParams },
  getCatalog: {},
  issueStreamTicket: { params: accountParams },
} satisfies GroupRequests<'accounts'>;
