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
import { getHome } from '../../../shared/app/accounts/home';
import { getProfile, updateProfile } from '../../../shared/app/me/profile';
import { createSubscription, getSubscription } from '../../../shared/app/accounts/subscription';
import { bearerOperation, created, noContent, ok, publicOperation } from '../../../shared/http/operation';
import { issueStreamTicket } from '../../../shared/app/events/streams';
import { registerDevice, removeDevice } from '../../../shared/app/notifications/devices';
import { apiHandler } from '../api-handler';
import { accountsWiring, deps, useCaseSettings } from '../../composition/api';
import { requests } from './schemas';

const { pushRegistry, deviceKeys } = accountsWiring();

/** Devices: the push platform, and the device key's data keys to wrap their tokens with. */
const deviceDeps = async () => ({
  ...(await deps()),
  pushRegistry: await pushRegistry(),
  deviceKeys: await deviceKeys(),
});

export const handler = apiHandler('accounts', {
  getProfile: bearerOperation({ run: async (_, caller) => ok(await getProfile(await deps(), caller)) }),
  updateProfile: bearerOperation({
    ...requests.updateProfile,
    run: async ({ body }, caller) => ok(await updateProfile(await deps(), caller, body)),
  }),
  registerDevice: bearerOperation({
    ...requests.registerDevice,
    run: async ({ body }, caller) => created(await registerDevice(await deviceDeps(), caller, body)),
  }),
  removeDevice: bearerOperation({
    ...requests.removeDevice,
    run: async ({ params }, caller) => {
      await removeDevice(await deviceDeps(), caller, params.uid);
      return noContent();
    },
  }),
  createAccount: bearerOperation({
    ...requests.createAccount,
    run: async ({ body }, caller) => created(await createAccount(await deps(), caller, body)),
  }),
  listAccounts: bearerOperation({ run: async (_, caller) => ok(await listAccounts(await deps(), caller)) }),
  getOnboarding: bearerOperation({
    ...requests.getOnboarding,
    run: async ({ params }, caller) => ok(await getOnboarding(await deps(), caller, params.uid)),
  }),
  getHome: bearerOperation({
    ...requests.getHome,
    run: async ({ params }, caller) => ok(await getHome(await deps(), caller, params.uid)),
  }),
  listMembers: bearerOperation({
    ...requests.listMembers,
    run: async ({ params }, caller) => ok(await listMembers(await deps(), caller, params.uid)),
  }),
  inviteMember: bearerOperation({
    ...requests.inviteMember,
    run: async ({ params, body }, caller) =>
      created(await inviteMember(await deps(), caller, params.uid, body)),
  }),
  updateMember: bearerOperation({
    ...requests.updateMember,
    run: async ({ params, body }, caller) =>
      ok(await updateMember(await deps(), caller, params.uid, params.memberUid, body)),
  }),
  removeMember: bearerOperation({
    ...requests.removeMember,
    run: async ({ params }, caller) => {
      await removeMember(await deps(), caller, params.uid, params.memberUid);
      return noContent();
    },
  }),
  createSubscription: bearerOperation({
    ...requests.createSubscription,
    run: async ({ params, body }, caller) =>
      created(await createSubscription(await deps(), caller, params.uid, body)),
  }),
  getSubscription: bearerOperation({
    ...requests.getSubscription,
    run: async ({ params }, caller) => ok(await getSubscription(await deps(), caller, params.uid)),
  }),
  getCatalog: publicOperation({ run: async () => ok(getCatalog({ settings: useCaseSettings })) }),
  issueStreamTicket: bearerOperation({
    ...requests.issueStreamTicket,
    run: async ({ params }, caller) => created(await issueStreamTicket(await deps(), caller, params.uid)),
  }),
});
