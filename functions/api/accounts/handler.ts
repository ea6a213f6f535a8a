import {
  createAccount,
  getCatalog,
  getOnboarding,
  inviteMember,
  listAccounts,
  listMembers,
  removeMember,
  updateMember,
} from '../../../shared/app/accounts/accounts';
import { getProfile, updateProfile } from '../../../shared/app/me/profile';
import { createSubscription, getSubscription } from '../../../shared/app/accounts/subscription';
import { bearerOperation, created, noContent, ok, publicOperation } from '../../../shared/http/operation';
import { issueStreamTicket } from '../../../shared/app/events/streams';
import { accountParams, memberParams } from '../../../shared/http/fields';
import { apiHandler } from '../api-handler';
import { deps, useCaseSettings } from '../runtime';
import {
  createAccountBody,
  inviteMemberBody,
  updateMemberBody,
  updateProfileBody,
  subscriptionBody,
} from './schemas';

export const handler = apiHandler('accounts', {
  getProfile: bearerOperation({ run: async (_, caller) => ok(await getProfile(await deps(), caller)) }),
  updateProfile: bearerOperation({
    body: updateProfileBody,
    run: async ({ body }, caller) => ok(await updateProfile(await deps(), caller, body)),
  }),
  createAccount: bearerOperation({
    body: createAccountBody,
    run: async ({ body }, caller) => created(await createAccount(await deps(), caller, body)),
  }),
  listAccounts: bearerOperation({ run: async (_, caller) => ok(await listAccounts(await deps(), caller)) }),
  getOnboarding: bearerOperation({
    params: accountParams,
    run: async ({ params }, caller) => ok(await getOnboarding(await deps(), caller, params.uid)),
  }),
  listMembers: bearerOperation({
    params: accountParams,
    run: async ({ params }, caller) => ok(await listMembers(await deps(), caller, params.uid)),
  }),
  inviteMember: bearerOperation({
    params: accountParams,
    body: inviteMemberBody,
    run: async ({ params, body }, caller) =>
      created(await inviteMember(await deps(), caller, params.uid, body)),
  }),
  updateMember: bearerOperation({
    params: memberParams,
    body: updateMemberBody,
    run: async ({ params, body }, caller) =>
      ok(await updateMember(await deps(), caller, params.uid, params.memberUid, body)),
  }),
  removeMember: bearerOperation({
    params: memberParams,
    run: async ({ params }, caller) => {
      await removeMember(await deps(), caller, params.uid, params.memberUid);
      return noContent();
    },
  }),
  createSubscription: bearerOperation({
    params: accountParams,
    body: subscriptionBody,
    run: async ({ params, body }, caller) =>
      created(await createSubscription(await deps(), caller, params.uid, body)),
  }),
  getSubscription: bearerOperation({
    params: accountParams,
    run: async ({ params }, caller) => ok(await getSubscription(await deps(), caller, params.uid)),
  }),
  getCatalog: publicOperation({ run: async () => ok(getCatalog({ settings: useCaseSettings })) }),
  issueStreamTicket: bearerOperation({
    params: accountParams,
    run: async ({ params }, caller) => created(await issueStreamTicket(await deps(), caller, params.uid)),
  }),
});
