import * as z from '../../../shared/validation/z';
import { devicePlatforms } from '../../../shared/ports/notifications';
import type { GroupResponses } from '../contract';
import {
  catalogService,
  count,
  cpfDocument,
  instant,
  member,
  home,
  onboarding,
  role,
  subscription,
} from '../answers';

export const profile = z.strictObject({
  uid: z.string(),
  email: z.email(),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  document: z.nullable(cpfDocument),
});

const device = z.strictObject({ uid: z.string(), platform: z.enum(devicePlatforms) });

const account = z.strictObject({ uid: z.string(), name: z.string(), role });

export const responses = {
  getProfile: {
    summary: "The caller's profile",
    success: { 200: { data: profile } },
    errors: [],
  },
  updateProfile: {
    summary: "Change the caller's name, phone or document",
    description:
      "Only the fields sent change. Guardians' phones are compared with the person's when a pairing starts (`DEPENDENT_PHONE_IS_GUARDIAN`); the owner's document feeds the relationship check.",
    success: { 200: { data: profile } },
    errors: ['CONFLICT'],
  },
  registerDevice: {
    summary: "Register the caller's device for push",
    description:
      'The same token again is the same device (201 with its uid). The token is kept only as a keyed hash and encrypted; it is never answered or logged.',
    success: { 201: { data: device } },
    errors: [],
  },
  removeDevice: {
    summary: "Stop push to one of the caller's devices",
    success: { 204: { empty: true } },
    errors: ['NOT_FOUND'],
  },
  createAccount: {
    summary: 'Create a family account; the caller becomes its owner',
    success: { 201: { data: account } },
    errors: ['CONFLICT'],
  },
  listAccounts: {
    summary: "The caller's family accounts (empty: onboarding starts here)",
    success: { 200: { data: z.array(account) } },
    errors: [],
  },
  getOnboarding: {
    summary: 'The next onboarding step, derived from the seats on every read',
    success: { 200: { data: onboarding } },
    errors: ['NOT_FOUND'],
  },
  getHome: {
    summary:
      'The home screen in one read: onboarding, the people with their protection and week, open alerts, unread notifications',
    description:
      '`people` are the pending, active and paused seats, oldest first (archived ones are left out); `alerts.latest` the 3 newest open alerts; `week` as on the protection card.',
    success: { 200: { data: home } },
    errors: ['NOT_FOUND'],
  },
  listMembers: {
    summary: 'The owner and guardians of the family',
    success: { 200: { data: z.array(member) } },
    errors: ['NOT_FOUND'],
  },
  inviteMember: {
    summary: 'Invite a guardian by e-mail (owner only)',
    success: { 201: { data: member } },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'EMAIL_DOMAIN_INVALID', 'CONFLICT'],
  },
  updateMember: {
    summary: "Set a guardian's relationship to the family (owner only)",
    success: { 200: { data: member } },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'OWNER_HAS_NO_RELATIONSHIP', 'CONFLICT'],
  },
  removeMember: {
    summary: 'Remove a guardian (owner only)',
    success: { 204: { empty: true } },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'OWNER_NOT_REMOVABLE', 'CONFLICT'],
  },
  createSubscription: {
    summary: 'Open the subscription explicitly, choosing the interval or a campaign (owner only)',
    success: { 201: { data: subscription } },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'CAMPAIGN_NOT_FOUND'],
  },
  getSubscription: {
    summary: "The account's subscription (404 when it has none)",
    success: { 200: { data: subscription } },
    errors: ['NOT_FOUND'],
  },
  getCatalog: {
    summary: "The services with today's prices and the trial",
    success: {
      200: {
        data: z.strictObject({
          services: z.array(catalogService),
          trialDays: count,
          trialStartsOn: z.literal('first_connection'),
          trialLabel: z.string(),
        }),
      },
    },
    errors: [],
  },
  issueStreamTicket: {
    summary: "A single-use ticket to open the account's event stream (SSE)",
    success: { 201: { data: z.strictObject({ ticket: z.string(), expiresAt: instant }) } },
    errors: ['NOT_FOUND'],
  },
} satisfies GroupResponses<'accounts'>;
