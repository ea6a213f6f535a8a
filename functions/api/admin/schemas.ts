import * as z from '../../../shared/validation/z';
import { operatorRoles } from '../../../shared/domain/operators/roster';
import { emailField, uidParam } from '../../../shared/http/fields';
import { pairingStatuses } from '../../../shared/domain/pairing/pairing.transitions';
import type { GroupRequests } from '../contract';
import { proxyAddressFields } from '../../../shared/config/config';

export const inviteOperatorBody = z.strictObject({ email: emailField, role: z.enum(operatorRoles) });
export const changeOperatorRoleBody = z.strictObject({ role: z.enum(operatorRoles) });
const memberParams = z.object({ uid: uidParam });

/**
 * A backoffice page's query: the previous page's cursor (checked by the use case: `BAD_REQUEST`) and
 * a limit from 1 to the list's maximum (over it: `VALIDATION`).
 */
export const backofficePage = (max: number, fallback: number) =>
  z.strictObject({
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
    limit: z._default(
      z.pipe(
        z.string().check(
          z.regex(/^[1-9][0-9]{0,3}$/, `must be a whole number from 1 to ${max}`),
          z.refine((value) => Number(value) <= max, `must be a whole number from 1 to ${max}`),
        ),
        z.transform(Number),
      ),
      fallback,
    ),
  });

/** The schemas each backoffice operation validates with, keyed by the route table's operation names. */
export const requests = {
  listOperatorMembers: {},
  inviteOperatorMember: { body: inviteOperatorBody },
  changeOperatorRole: { params: memberParams, body: changeOperatorRoleBody },
  removeOperatorMember: { params: memberParams },
  listAudit: { query: backofficePage(200, 50) },
  readOverview: {},
  seatTimeline: { params: z.object({ uid: uidParam }), query: backofficePage(200, 50) },
  listDependents: { query: backofficePage(100, 30) },
  listUsers: { query: z.extend(backofficePage(100, 30), { email: z.optional(emailField) }) },
  resetPairing: { params: z.object({ uid: uidParam }) },
  listConnections: {
    query: z.extend(backofficePage(100, 30), {
      status: z.optional(z.enum(pairingStatuses)),
      channel: z.optional(z.enum(['chat'])),
    }),
  },
  listConsents: { query: backofficePage(100, 30) },
  listAllAccounts: { query: backofficePage(100, 30) },
  listSubscriptions: { query: backofficePage(100, 30) },
  listCustomers: { query: backofficePage(100, 30) },
  listProxies: {},
  addProxy: { body: proxyAddressFields },
  listProxyBindings: { params: z.object({ uid: uidParam }) },
  burnProxy: { params: z.object({ uid: uidParam }) },
  retireProxy: { params: z.object({ uid: uidParam }) },
} satisfies GroupRequests<'admin'>;
