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
import { apiHandler } from '../api-handler';
import { deps as sessionDeps } from '../session-deps';
import { operatorDeps } from './operator-deps';
import { requests } from './schemas';

export const handler = apiHandler(
  'admin',
  {
    listOperatorMembers: operatorOperation({
      run: async (_, operator) => ok(await listOperatorMembers(operatorDeps, operator)),
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
      run: async ({ query }) => {
        const { hasher, users } = await sessionDeps();
        return ok(await listUsers({ hasher, users, lists: operatorDeps.lists }, query));
      },
    }),
    listDependents: operatorOperation({
      ...requests.listDependents,
      run: async ({ query }) => ok(await listDependents(operatorDeps, query)),
    }),
    seatTimeline: operatorOperation({
      ...requests.seatTimeline,
      run: async ({ params, query }) => ok(await seatTimeline(operatorDeps, params.uid, query)),
    }),
    listConnections: operatorOperation({
      ...requests.listConnections,
      run: async ({ query }) => ok(await listConnections(operatorDeps, query)),
    }),
    listConsents: operatorOperation({
      ...requests.listConsents,
      run: async ({ query }) => ok(await listConsents(operatorDeps, query)),
    }),
    listAllAccounts: operatorOperation({
      ...requests.listAllAccounts,
      run: async ({ query }) => ok(await listAllAccounts(operatorDeps, query)),
    }),
    listSubscriptions: operatorOperation({
      ...requests.listSubscriptions,
      run: async ({ query }) => ok(await listSubscriptions(operatorDeps, query)),
    }),
    listCustomers: operatorOperation({
      ...requests.listCustomers,
      run: async ({ query }) => ok(await listCustomers(operatorDeps, query)),
    }),
    readOverview: operatorOperation({ run: async () => ok(await readOverview(operatorDeps)) }),
    listAudit: operatorOperation({
      ...requests.listAudit,
      run: async ({ query }) => ok(await listAudit(operatorDeps, query)),
    }),
  },
  (token) => authenticateOperator(operatorDeps, token),
);
