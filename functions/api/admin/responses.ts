import * as z from '../../../shared/validation/z';
import { operatorRoles } from '../../../shared/domain/operators/roster';
import type { GroupResponses } from '../contract';
import { count, instant, relationship, wordsOf } from '../answers';
import { seatStatuses } from '../../../shared/domain/family/seat';
import { eventSources } from '../../../shared/domain/events/event';
import type { PersonKind } from '../../../shared/domain/people/birth-date';
import { pairingStatuses } from '../../../shared/domain/pairing/pairing.transitions';
import { consentStatuses } from '../../../shared/domain/consent/consent-request';
import { deliveryStatuses } from '../../../shared/domain/consent/delivery';
import { importStatuses, importSteps } from '../../../shared/domain/history/history-import';
import { proxyStatuses } from '../../../shared/domain/pairing/proxy';

const operatorMember = z.strictObject({
  uid: z.string(),
  email: z.string(),
  role: z.enum(operatorRoles),
  createdAt: instant,
});

const auditEntry = z.strictObject({
  id: z.string(),
  at: instant,
  actor: z.strictObject({ kind: z.enum(['operator', 'guardian', 'system']), uid: z.string() }),
  action: z.string(),
  target: z.strictObject({ kind: z.string(), uid: z.string() }),
});

/** The protected person as the backoffice shows them: never who they are. */
const maskedPerson = z.strictObject({
  kind: wordsOf<PersonKind>()(['minor', 'adult']),
  name: z.string(),
  phone: z.nullable(z.string()),
  document: z.nullable(z.string()),
  birthYear: z.string(),
  relationship,
});

const page = <N extends string, T extends z.ZodMiniType>(name: N, row: T) =>
  z.strictObject({ [name]: z.array(row), nextCursor: z.nullable(z.string()) } as Record<
    N,
    z.ZodMiniArray<T>
  > & {
    nextCursor: z.ZodMiniNullable<z.ZodMiniString>;
  });

const queueDepth = z.strictObject({ waiting: count, inFlight: count, dead: count });

const ownerOnly =
  "Owner only: an `operator` gets 403 `FORBIDDEN`. The role in force is the member list's, never the token's group.";

const proxy = z.strictObject({
  uid: z.string(),
  label: z.string(),
  status: z.enum(proxyStatuses),
  capacity: count,
  used: count,
  expiresAt: z.nullable(instant),
});

export const responses = {
  listOperatorMembers: {
    summary: 'The operator members',
    description: ownerOnly,
    success: { 200: { data: z.strictObject({ members: z.array(operatorMember) }) } },
    errors: ['FORBIDDEN'],
  },
  inviteOperatorMember: {
    summary: 'Add an operator member (the Cognito user and its group)',
    description: ownerOnly,
    success: { 201: { data: operatorMember } },
    errors: ['FORBIDDEN', 'SELF_INVITE', 'CONFLICT'],
  },
  changeOperatorRole: {
    summary: "Change a member's role (never one's own)",
    description: ownerOnly,
    success: { 200: { data: operatorMember } },
    errors: ['FORBIDDEN', 'MEMBER_UNKNOWN', 'SELF_CHANGE', 'LAST_OWNER', 'CONFLICT'],
  },
  removeOperatorMember: {
    summary: 'Remove a member (oneself too, unless the last owner)',
    description: ownerOnly,
    success: { 204: { empty: true } },
    errors: ['FORBIDDEN', 'MEMBER_UNKNOWN', 'LAST_OWNER', 'CONFLICT'],
  },
  listAudit: {
    summary: 'The audit trail, newest first',
    description:
      'Every operator action and read (`read:<what>`) and every guardian excerpt view: who, what, on what, when; never content. 50 per page unless asked, at most 200.',
    success: {
      200: { data: z.strictObject({ audit: z.array(auditEntry), nextCursor: z.nullable(z.string()) }) },
    },
    // BAD_REQUEST (a broken or mismatched cursor) is listed for every JSON route already.
    errors: [],
  },
  readOverview: {
    summary: 'The overview: connections, proxies, history imports, event queues',
    description:
      'Counts kept by counter items written with each change (never scans), and the event queues as SQS approximates them (`dead`: in the dead-letter queue).',
    success: {
      200: {
        data: z.strictObject({
          pairingsPaired: count,
          pairingsDegraded: count,
          proxiesActive: count,
          proxiesBurned: count,
          syncsRunning: count,
          syncsWaiting: count,
          syncsStuck: count,
          queue: z.strictObject({ sessionEvents: queueDepth, businessEvents: queueDepth }),
        }),
      },
    },
    errors: [],
  },
  listUsers: {
    summary: 'Users (guardians), newest first, addresses masked',
    description:
      '30 per page unless asked, at most 100. `?email=` finds the one user of that exact address (by its keyed hash); the answer still shows it masked (`j***@example.com`).',
    success: {
      200: {
        data: z.strictObject({
          users: z.array(z.strictObject({ uid: z.string(), email: z.string(), createdAt: instant })),
          nextCursor: z.nullable(z.string()),
        }),
      },
    },
    errors: [],
  },
  listDependents: {
    summary: 'Protected people, newest seat first, masked',
    description:
      "30 per page unless asked, at most 100. Who the person is never shows: initials, the phone's country, area and last two digits, the CPF's check digits, the birth year.",
    success: {
      200: {
        data: z.strictObject({
          dependents: z.array(
            z.strictObject({
              seatUid: z.string(),
              accountUid: z.string(),
              seatStatus: z.enum(seatStatuses),
              person: maskedPerson,
              createdAt: instant,
            }),
          ),
          nextCursor: z.nullable(z.string()),
        }),
      },
    },
    errors: [],
  },
  seatTimeline: {
    summary: "A seat's timeline: consent, pairing, import and subscription events, type only",
    description:
      'Newest first, 50 per page unless asked, at most 200; never a payload. An unknown seat has an empty timeline.',
    success: {
      200: {
        data: z.strictObject({
          events: z.array(
            z.strictObject({
              id: z.string(),
              type: z.string(),
              source: z.enum(eventSources),
              occurredAt: instant,
            }),
          ),
          nextCursor: z.nullable(z.string()),
        }),
      },
    },
    errors: [],
  },
  resetPairing: {
    summary: "Reset a seat's pairing (the backoffice reset): `revoked`, with its events",
    description:
      "The seat's open pairing becomes `revoked` (`failureReason: reset_by_operator`) with the events and guardians' notices a guardian's unlink makes, and the session ends at the provider. Audited.",
    success: { 200: { data: z.strictObject({ seatUid: z.string(), status: z.literal('revoked') }) } },
    errors: ['NOT_FOUND', 'PAIRING_NOT_OPEN', 'CONFLICT'],
  },
  listConnections: {
    summary: "Seat channels' connections, newest pairing first, masked",
    description:
      "30 per page unless asked, at most 100; `?status=` keeps one pairing status, `?channel=` one channel. `sessionWorker` names the session at the provider; `sync` is the history import's status and step (`step` while it runs; null when the seat has none).",
    success: {
      200: {
        data: page(
          'connections',
          z.strictObject({
            seatUid: z.string(),
            accountUid: z.string(),
            person: z.nullable(maskedPerson),
            channel: z.literal('chat'),
            status: z.enum(pairingStatuses),
            pairedAt: z.nullable(instant),
            lastSeenAt: z.nullable(instant),
            sessionWorker: z.string(),
            proxyLabel: z.string(),
            sync: z.nullable(
              z.strictObject({ status: z.enum(importStatuses), step: z.nullable(z.enum(importSteps)) }),
            ),
          }),
        ),
      },
    },
    errors: [],
  },
  listConsents: {
    summary: "Seats' current consent requests, newest first, masked",
    description:
      "30 per page unless asked, at most 100. The status as the person would find it (a lapsed pending request is `expired`), whether evidence was verified (never the evidence), the link's last delivery status.",
    success: {
      200: {
        data: page(
          'consents',
          z.strictObject({
            seatUid: z.string(),
            accountUid: z.string(),
            requestId: z.string(),
            status: z.enum(consentStatuses),
            person: z.nullable(maskedPerson),
            requestedAt: instant,
            expiresAt: instant,
            decidedAt: z.nullable(instant),
            evidenceVerified: z.boolean(),
            delivery: z.nullable(z.enum(deliveryStatuses)),
          }),
        ),
      },
    },
    errors: [],
  },
  listAllAccounts: {
    summary: 'Accounts, newest first',
    description:
      "30 per page unless asked, at most 100. The account's name (the family's own words) is not shown.",
    success: { 200: { data: page('accounts', z.strictObject({ uid: z.string(), createdAt: instant })) } },
    errors: [],
  },
  listSubscriptions: {
    summary: "Accounts' subscriptions, newest first",
    description: '30 per page unless asked, at most 100.',
    success: {
      200: {
        data: page(
          'subscriptions',
          z.strictObject({
            accountUid: z.string(),
            status: z.literal('trialing'),
            interval: z.enum(['monthly', 'yearly']),
            campaignCode: z.nullable(z.string()),
            trialEndsAt: z.nullable(instant),
            createdAt: instant,
          }),
        ),
      },
    },
    errors: [],
  },
  listCustomers: {
    summary: "Customers (each account's owner, who pays), newest account first, addresses masked",
    description:
      '30 per page unless asked, at most 100, by the offset cursor kind: `position` numbers each row in the list from 1.',
    success: {
      200: {
        data: page(
          'customers',
          z.strictObject({
            position: count,
            accountUid: z.string(),
            userUid: z.string(),
            email: z.string(),
            since: instant,
          }),
        ),
      },
    },
    errors: [],
  },
  listProxies: {
    summary: 'The proxy pool: occupancy and status of each address',
    description:
      '`used` of `capacity` slots are held by open pairings; `active` addresses take new pairings, `burned` ones none (their sessions are being moved off), `retired` ones are out of the pool. `expiresAt` for a bought address (null when no end is known). Never the address itself. Audited.',
    success: { 200: { data: z.strictObject({ proxies: z.array(proxy) }) } },
    errors: [],
  },
  addProxy: {
    summary: 'Add a proxy address, once a tunnel really opens through it',
    description:
      'An HTTP CONNECT through the address to the configured check target, with a short timeout: none opened is 422 `PROXY_UNREACHABLE`; an address that is, or whose name resolves to, a loopback, link-local (the metadata service), private or unspecified address is 422 `PROXY_ADDRESS_NOT_PUBLIC` and never dialled; an address that is not `http(s)://[user:pass@]host[:port]` with well-formed percent-encoding is 400 `VALIDATION`; a label the pool has (in any status) is 409 `CONFLICT`. 201 with the address, `active`. Audited.',
    success: { 201: { data: proxy } },
    errors: ['PROXY_UNREACHABLE', 'PROXY_ADDRESS_NOT_PUBLIC', 'CONFLICT'],
  },
  listProxyBindings: {
    summary: 'Who is bound to a proxy address',
    description:
      'The seats whose open pairing holds a slot of the address, oldest first; `since`: when that pairing started. Read from an index: a pairing started a moment ago may be missing. Audited.',
    success: {
      200: {
        data: z.strictObject({
          bindings: z.array(z.strictObject({ seatUid: z.string(), accountUid: z.string(), since: instant })),
        }),
      },
    },
    errors: ['NOT_FOUND'],
  },
  burnProxy: {
    summary: 'Burn a proxy address: no new pairings, its sessions moved off',
    description:
      'The address becomes `burned` at once; a worker then moves each bound session to the address with most room (the session restarted through it; the pairing reconnects), or, when none has room, ends the pairing (`disconnected`, `failureReason: proxy_burned`) and tells its guardians `pairing.reconnect_required`. Burning a burned address hands it to the worker again. A retired address is 409 `CONFLICT`. Audited.',
    success: { 200: { data: proxy } },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  retireProxy: {
    summary: 'Retire a proxy address once nothing is bound to it',
    description:
      'The address leaves the pool for good (`retired`); with sessions still bound it is 409 `CONFLICT` (burn it first: its sessions are moved off). Audited.',
    success: { 200: { data: proxy } },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
} satisfies GroupResponses<'admin'>;
