import {
  authenticateOperator,
  changeOperatorRole,
  inviteOperatorMember,
  listAudit,
  listOperatorMembers,
  readOverview,
  removeOperatorMember,
} from '../../../shared/app/operators/operators';
import { created, noContent, ok, operatorOperation } from '../../../shared/http/operation';
import { resetPairing } from '../../../shared/app/operators/pairing-reset';
import { listUsers } from '../../../shared/app/operators/users';
import { listDependents } from '../../../shared/app/operators/dependents';
import { seatTimeline } from '../../../shared/app/operators/timeline';
import { listConnections } from '../../../shared/app/operators/connections';
import { listConsents } from '../../../shared/app/operators/consents';
import { listAllAccounts, listSubscriptions } from '../../../shared/app/operators/accounts';
import { listCustomers } from '../../../shared/app/operators/customers';
import { auditedRead, listTarget } from '../../../shared/app/operators/audited-read';
import type { Operator } from '../../../shared/domain/operators/roster';
import type { AuditEntry } from '../../../shared/ports/operators';
import { apiHandler } from '../api-handler';
import { deps as sessionDeps } from '../session-deps';
import { operatorDeps, proxyAdminDeps } from './operator-deps';
import {
  addProxy,
  burnProxy,
  listProxies,
  listProxyBindings,
  retireProxy,
} from '../../../shared/app/proxies/pool';
import { requests } from './schemas';

/** An operator's read, answered and audited (`read:<what>` on its target). */
const read = async <T>(
  operator: Operator,
  what: string,
  run: () => Promise<T>,
  target: AuditEntry['target'] = listTarget(what),
) => ok(await auditedRead(operatorDeps, operator, { what, target }, run));

export const handler = apiHandler(
  'admin',
  {
    listOperatorMembers: operatorOperation({
      run: async (_, operator) =>
        read(operator, 'members', () => listOperatorMembers(operatorDeps, operator)),
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
    listUsers: operatorOperation({
      ...requests.listUsers,
      run: async ({ query }, operator) => {
        const { hasher, users } = await sessionDeps();
        return read(operator, 'users', () => listUsers({ hasher, users, lists: operatorDeps.lists }, query));
      },
    }),
    listDependents: operatorOperation({
      ...requests.listDependents,
      run: async ({ query }, operator) =>
        read(operator, 'dependents', () => listDependents(operatorDeps, query)),
    }),
    seatTimeline: operatorOperation({
      ...requests.seatTimeline,
      run: async ({ params, query }, operator) =>
        read(operator, 'timeline', () => seatTimeline(operatorDeps, params.uid, query), {
          kind: 'seat',
          uid: params.uid,
        }),
    }),
    listConnections: operatorOperation({
      ...requests.listConnections,
      run: async ({ query }, operator) =>
        read(operator, 'connections', () => listConnections(operatorDeps, query)),
    }),
    listConsents: operatorOperation({
      ...requests.listConsents,
      run: async ({ query }, operator) => read(operator, 'consents', () => listConsents(operatorDeps, query)),
    }),
    listAllAccounts: operatorOperation({
      ...requests.listAllAccounts,
      run: async ({ query }, operator) =>
        read(operator, 'accounts', () => listAllAccounts(operatorDeps, query)),
    }),
    listSubscriptions: operatorOperation({
      ...requests.listSubscriptions,
      run: async ({ query }, operator) =>
        read(operator, 'subscriptions', () => listSubscriptions(operatorDeps, query)),
    }),
    listCustomers: operatorOperation({
      ...requests.listCustomers,
      run: async ({ query }, operator) =>
        read(operator, 'customers', () => listCustomers(operatorDeps, query)),
    }),
    readOverview: operatorOperation({
      run: async (_, operator) =>
        read(operator, 'overview', () => readOverview(operatorDeps), { kind: 'overview', uid: 'overview' }),
    }),
    listAudit: operatorOperation({
      ...requests.listAudit,
      run: async ({ query }, operator) => read(operator, 'audit', () => listAudit(operatorDeps, query)),
    }),
    listProxies: operatorOperation({
      run: async (_, operator) => read(operator, 'proxies', () => listProxies(proxyAdminDeps)),
    }),
    addProxy: operatorOperation({
      ...requests.addProxy,
      run: async ({ body }, operator) => created(await addProxy(proxyAdminDeps, operator, body)),
    }),
    listProxyBindings: operatorOperation({
      ...requests.listProxyBindings,
      run: async ({ params }, operator) =>
        read(operator, 'proxy_bindings', () => listProxyBindings(proxyAdminDeps, params.uid), {
          kind: 'proxy',
          uid: params.uid,
        }),
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
  (token) => authenticateOperator(operatorDeps, token),
);
