import {
  changeOperatorRole,
  inviteOperatorMember,
  listAudit,
  listOperatorMembers,
  operatorAccess,
  readOverview,
  removeOperatorMember,
} from '../../../shared/app/operators/operators';
import {
  created,
  noContent,
  ok,
  operatorOperation,
  operatorReadOperation,
} from '../../../shared/http/operation';
import { resetPairing } from '../../../shared/app/operators/pairing-reset';
import { listUsers } from '../../../shared/app/operators/users';
import { listDependents } from '../../../shared/app/operators/dependents';
import { seatTimeline } from '../../../shared/app/operators/timeline';
import { listConnections } from '../../../shared/app/operators/connections';
import { listConsents } from '../../../shared/app/operators/consents';
import { listAllAccounts, listSubscriptions } from '../../../shared/app/operators/accounts';
import { listCustomers } from '../../../shared/app/operators/customers';
import { recordRead } from '../../../shared/app/operators/audited-read';
import type { Operator } from '../../../shared/domain/operators/roster';
import { apiHandler } from '../api-handler';
import { adminWiring } from '../../composition/api';
import {
  addProxy,
  burnProxy,
  listProxies,
  listProxyBindings,
  retireProxy,
} from '../../../shared/app/proxies/pool';
import { requests } from './schemas';

const { sessionDeps, operatorDeps, proxyAdminDeps } = adminWiring();

/** The audit of a list's read (`read:<what>` on the list). */
const listRead = (what: string) => (operator: Operator) => recordRead(operatorDeps, operator, what);

export const handler = apiHandler(
  'admin',
  {
    listOperatorMembers: operatorOperation({
      // The owners' list: the caller's role is known before it is read.
      run: async (_, operator) => {
        const answer = await listOperatorMembers(operatorDeps, operator);
        await recordRead(operatorDeps, operator, 'members');
        return ok(answer);
      },
    }),
    inviteOperatorMember: operatorOperation({
      ...requests.inviteOperatorMember,
      run: async ({ body }, operator) => created(await inviteOperatorMember(operatorDeps, operator, body)),
    }),
    changeOperatorRole: operatorOperation({
      ...requests.changeOperatorRole,
      run: async ({ params, body }, operator) =>
        ok(await changeOperatorRole(operatorDeps, operator, params.uid, body.role)),
    }),
    removeOperatorMember: operatorOperation({
      ...requests.removeOperatorMember,
      run: async ({ params }, operator) => {
        await removeOperatorMember(operatorDeps, operator, params.uid);
        return noContent();
      },
    }),
    resetPairing: operatorOperation({
      ...requests.resetPairing,
      run: async ({ params }, operator) =>
        ok(await resetPairing({ ...(await sessionDeps()), ...operatorDeps }, operator, params.uid)),
    }),
    listUsers: operatorReadOperation({
      ...requests.listUsers,
      read: async ({ query }) => {
        const { hasher, users } = await sessionDeps();
        return listUsers({ hasher, users, lists: operatorDeps.lists }, query);
      },
      audit: listRead('users'),
    }),
    listDependents: operatorReadOperation({
      ...requests.listDependents,
      read: ({ query }) => listDependents(operatorDeps, query),
      audit: listRead('dependents'),
    }),
    seatTimeline: operatorReadOperation({
      ...requests.seatTimeline,
      read: ({ params, query }) => seatTimeline(operatorDeps, params.uid, query),
      audit: (operator, { params }) =>
        recordRead(operatorDeps, operator, 'timeline', { kind: 'seat', uid: params.uid }),
    }),
    listConnections: operatorReadOperation({
      ...requests.listConnections,
      read: ({ query }) => listConnections(operatorDeps, query),
      audit: listRead('connections'),
    }),
    listConsents: operatorReadOperation({
      ...requests.listConsents,
      read: ({ query }) => listConsents(operatorDeps, query),
      audit: listRead('consents'),
    }),
    listAllAccounts: operatorReadOperation({
      ...requests.listAllAccounts,
      read: ({ query }) => listAllAccounts(operatorDeps, query),
      audit: listRead('accounts'),
    }),
    listSubscriptions: operatorReadOperation({
      ...requests.listSubscriptions,
      read: ({ query }) => listSubscriptions(operatorDeps, query),
      audit: listRead('subscriptions'),
    }),
    listCustomers: operatorReadOperation({
      ...requests.listCustomers,
      read: ({ query }) => listCustomers(operatorDeps, query),
      audit: listRead('customers'),
    }),
    readOverview: operatorReadOperation({
      read: () => readOverview(operatorDeps),
      audit: (operator) =>
        recordRead(operatorDeps, operator, 'overview', { kind: 'overview', uid: 'overview' }),
    }),
    listAudit: operatorReadOperation({
      ...requests.listAudit,
      read: ({ query }) => listAudit(operatorDeps, query),
      audit: listRead('audit'),
    }),
    listProxies: operatorReadOperation({
      waitsForMember: true,
      read: () => listProxies(proxyAdminDeps),
      audit: listRead('proxies'),
    }),
    addProxy: operatorOperation({
      ...requests.addProxy,
      run: async ({ body }, operator) => created(await addProxy(proxyAdminDeps, operator, body)),
    }),
    listProxyBindings: operatorReadOperation({
      ...requests.listProxyBindings,
      waitsForMember: true,
      read: ({ params }) => listProxyBindings(proxyAdminDeps, params.uid),
      audit: (operator, { params }) =>
        recordRead(operatorDeps, operator, 'proxy_bindings', { kind: 'proxy', uid: params.uid }),
    }),
    burnProxy: operatorOperation({
      ...requests.burnProxy,
      run: async ({ params }, operator) => ok(await burnProxy(proxyAdminDeps, operator, params.uid)),
    }),
    retireProxy: operatorOperation({
      ...requests.retireProxy,
      run: async ({ params }, operator) => ok(await retireProxy(proxyAdminDeps, operator, params.uid)),
    }),
  },
  operatorAccess(operatorDeps),
);
