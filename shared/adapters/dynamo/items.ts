import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import type { DomainEvent } from '../../domain/events/event';
import { eventAudiences, eventSources } from '../../domain/events/event';
import type { Account } from '../../domain/family/account';
import type { Member } from '../../domain/family/member';
import type { Seat } from '../../domain/family/seat';
import type { Subscription } from '../../domain/family/subscription';
import { seatStatuses } from '../../domain/family/seat';
import { relationships } from '../../domain/people/relationship';
import { consentStatuses } from '../../domain/consent/consent-request';
import { deliveryFailureReasons, deliveryStatuses } from '../../domain/consent/delivery';
import { relationshipResults } from '../../domain/consent/relationship-check';
import { failureReasons, pairingMethods } from '../../domain/pairing/pairing';
import { isOpenPairing, pairingStatuses } from '../../domain/pairing/pairing.transitions';
import type { User } from '../../domain/users/user';
import { alertStatuses, type AlertRecord } from '../../domain/alerts/alert';
import type { ExcerptViewDay } from '../../domain/alerts/excerpt-views';
import type { DayTally } from '../../domain/family/week';
import { findingSources } from '../../domain/alerts/finding';
import { importStatuses, importSteps } from '../../domain/history/history-import';
import { riskCategories, severities } from '../../domain/analysis/finding';
import { operatorRoles, type Roster } from '../../domain/operators/roster';
import type { AuditEntry } from '../../ports/operators';
import type { Order, Quote } from '../../domain/supply/supply';
import { isTimelineEvent, timelinePlaceOf } from '../../domain/operators/timeline';
import type { Connection } from '../../domain/operators/connection';
import { itemTypes, keys } from './keys';
import { serviceCurrency } from '../../domain/money';

/**
 * Item schemas: what each item holds, checked with zod when read back so no cast of outside data is
 * needed, and the mappers between items and domain values. The domain never sees key attributes.
 * Each schema is built on its first use: a function's cold start builds only those it reads.
 */

const money = onFirstUse(() => z.object({ amount: z.int(), currency: z.literal(serviceCurrency) }));
const cpfDocument = onFirstUse(() => z.object({ type: z.literal('cpf'), number: z.string() }));

export const userItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.user),
    uid: z.string(),
    email: z.string(),
    name: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    document: z.nullable(cpfDocument),
    createdAt: z.string(),
    version: z.int(),
  }),
);

export const accountItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.account),
    uid: z.string(),
    name: z.string(),
    createdAt: z.string(),
    version: z.int(),
  }),
);

export const memberItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.member),
    accountUid: z.string(),
    accountName: z.string(),
    userUid: z.string(),
    role: z.enum(['owner', 'guardian']),
    relationship: z.nullable(z.enum(relationships)),
    email: z.string(),
    joinedAt: z.string(),
    version: z.int(),
    name: z.optional(z.nullable(z.string())),
    alertChannels: z.optional(z.object({ inbox: z.boolean(), email: z.boolean(), push: z.boolean() })),
  }),
);

const dependent = onFirstUse(() =>
  z.object({
    kind: z.enum(['minor', 'adult']),
    name: z.string(),
    birthDate: z.string(),
    relationship: z.enum(relationships),
    phone: z.nullable(z.string()),
    document: z.nullable(cpfDocument),
  }),
);

const consentRequest = onFirstUse(() =>
  z.object({
    requestId: z.string(),
    status: z.enum(consentStatuses),
    requesterFirstName: z.nullable(z.string()),
    createdAt: z.string(),
    expiresAt: z.string(),
    evidenceVerifiedAt: z.nullable(z.string()),
    decidedAt: z.nullable(z.string()),
    revokedBy: z.nullable(z.enum(['dependent_data_changed', 'dependent'])),
    // Requests written before deliveries were tracked have none.
    delivery: z._default(
      z.nullable(
        z.object({
          deliveryId: z.string(),
          status: z.enum(deliveryStatuses),
          at: z.string(),
          failureReason: z.nullable(z.enum(deliveryFailureReasons)),
          messageId: z.nullable(z.string()),
          attempt: z.int(),
        }),
      ),
      null,
    ),
  }),
);

const pairingItem = onFirstUse(() =>
  z.object({
    pairingId: z.string(),
    channel: z.literal('chat'),
    method: z.enum(pairingMethods),
    requestedBy: z.enum(['guardian', 'dependent']),
    sessionName: z.string(),
    proxyLabel: z.string(),
    status: z.enum(pairingStatuses),
    challenge: z.nullable(
      z.object({
        kind: z.enum(['qr', 'code', 'passkey_confirm']),
        value: z.nullable(z.string()),
        confirmation: z.nullable(z.enum(['number', 'webauthn'])),
        expiresAt: z.nullable(z.string()),
      }),
    ),
    failureReason: z.nullable(z.enum(failureReasons)),
    reconnectAttempts: z.int(),
    nextRetryAt: z.nullable(z.string()),
    droppedAt: z.nullable(z.string()),
    lastSeenAt: z.nullable(z.string()),
    pairedAt: z.nullable(z.string()),
    startedAt: z.string(),
    updatedAt: z.string(),
    statusReportedAt: z.optional(z.string()),
    restartExpectedAt: z.optional(z.string()),
  }),
);

/** An alert as kept: on its own item, and on its seat's item while it is open. */
export const alertRecord = onFirstUse(() =>
  z.object({
    uid: z.string(),
    seatUid: z.string(),
    category: z.enum(riskCategories),
    severity: z.enum(severities),
    status: z.enum(alertStatuses),
    findingsCount: z.int(),
    firstFindingAt: z.string(),
    lastFindingAt: z.string(),
    createdAt: z.string(),
    decidedAt: z.nullable(z.string()),
    decidedBy: z.nullable(z.string()),
    source: z.enum(findingSources),
    carryingMessages: z.array(z.object({ messageId: z.string(), sentAt: z.string() })),
  }),
);

const historyImport = onFirstUse(() =>
  z.object({
    importId: z.string(),
    status: z.enum(importStatuses),
    first: z.boolean(),
    offerExpiresAt: z.nullable(z.string()),
    offerLapsed: z.boolean(),
    step: z.nullable(z.enum(importSteps)),
    progress: z.object({ chats: z.int(), chatsDone: z.int(), messages: z.int() }),
    findings: z.int(),
    slot: z.nullable(z.int()),
    queuedAt: z.string(),
    startedAt: z.nullable(z.string()),
    progressAt: z.nullable(z.string()),
    finishedAt: z.nullable(z.string()),
  }),
);

export const seatItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.seat),
    uid: z.string(),
    seatId: z.string(),
    accountUid: z.string(),
    status: z.enum(seatStatuses),
    price: money,
    activationRequiresConsent: z.boolean(),
    dependent: z.nullable(dependent),
    consent: z.nullable(consentRequest),
    relationshipCheck: z.nullable(z.object({ result: z.enum(relationshipResults), checkedAt: z.string() })),
    resendLockedUntil: z.nullable(z.string()),
    activation: z.nullable(
      z.object({
        activatedAt: z.string(),
        guardianAttestation: z.literal(true),
        campaignCode: z.nullable(z.string()),
      }),
    ),
    // The key's id only: its wrapped copy is in the seat keys' table (wrapped-keys.store.ts).
    dataKeyId: z._default(z.nullable(z.string()), null),
    openAlerts: z._default(z.array(alertRecord), []),
    decidedAlerts: z._default(z.object({ resolved: z.int(), dismissed: z.int() }), {
      resolved: 0,
      dismissed: 0,
    }),
    channels: z._default(
      z.object({ chat: z.optional(z.object({ price: money, enabledAt: z.string() })) }),
      {},
    ),
    pairing: z._default(z.nullable(pairingItem), null),
    trial: z._default(z.nullable(z.object({ startedAt: z.string(), endsAt: z.string() })), null),
    pause: z._default(
      z.nullable(
        z.object({
          pauseId: z.string(),
          pausedAt: z.string(),
          until: z.string(),
          cause: z.literal('guardian'),
        }),
      ),
      null,
    ),
    watch: z._default(
      z.nullable(
        z.object({ since: z.string(), watched: z.boolean(), connected: z.boolean(), paused: z.boolean() }),
      ),
      null,
    ),
    historyImport: z._default(z.nullable(historyImport), null),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.int(),
  }),
);

export const subscriptionItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.subscription),
    // Written since the backoffice lists subscriptions (their key names it too).
    accountUid: z.optional(z.string()),
    status: z.literal('trialing'),
    interval: z.enum(['monthly', 'yearly']),
    campaignCode: z.nullable(z.string()),
    trialEndsAt: z._default(z.nullable(z.string()), null),
    createdAt: z.string(),
    version: z._default(z.int(), 0),
  }),
);

export const consentLinkItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.consentLink),
    accountUid: z.string(),
    seatUid: z.string(),
    requestId: z.string(),
  }),
);

type PayloadValue = string | number | boolean | null | { [key: string]: PayloadValue };
const payloadValue: z.ZodMiniType<PayloadValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.record(z.string(), payloadValue)]),
);

export const eventItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.event),
    id: z.string(),
    eventType: z.string(),
    accountId: z.string(),
    seatId: z.nullable(z.string()),
    seatUid: z.nullable(z.string()),
    source: z.enum(eventSources),
    payload: z.record(z.string(), payloadValue),
    occurredAt: z.string(),
    audience: z.optional(z.enum(eventAudiences)),
  }),
);

/**
 * A message at rest: only ciphertext and what finds it. `chat` is a keyed hash (a chat id is a
 * phone number or a group's id), `messageId` too; `ttl` ends it after the content retention.
 */
export const sealedMessageItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.sealedMessage),
    seatId: z.string(),
    messageId: z.string(),
    chat: z.string(),
    fromMe: z.boolean(),
    sentAt: z.string(),
    iv: z.instanceof(Uint8Array),
    ciphertext: z.instanceof(Uint8Array),
    ttl: z.int(),
  }),
);

export const toUser = (item: unknown): User => {
  const { type: _, ...user } = userItem.parse(item);
  return user;
};
export const userToItem = (user: User) => ({
  ...keys.user(user.uid),
  ...keys.userListing(user.createdAt, user.uid),
  type: itemTypes.user,
  ...user,
});

export const toAccount = (item: unknown): Account => {
  const { type: _, ...account } = accountItem.parse(item);
  return account;
};
export const accountToItem = (account: Account) => ({
  ...keys.account(account.uid),
  ...keys.accountListing(account.createdAt, account.uid),
  type: itemTypes.account,
  ...account,
});

export const toMember = (item: unknown): Member => {
  const { type: _, accountName: __, ...member } = memberItem.parse(item);
  return member;
};
export const memberToItem = (member: Member, accountName: string) => ({
  ...keys.member(member.accountUid, member.userUid),
  ...keys.memberByUser(member.userUid, member.accountUid),
  ...(member.role === 'owner'
    ? keys.customerListing(member.joinedAt, keys.customer(member.accountUid, member.userUid))
    : {}),
  type: itemTypes.member,
  accountName,
  ...member,
});

export const toSeat = (item: unknown): Seat => {
  const { type: _, ...seat } = seatItem.parse(item);
  return seat;
};
/** A list's row: the fields of its schema, read with a projection of them. */
const rowOf = <T extends z.ZodMiniObject>(schema: T) => ({
  fields: Object.keys(schema.shape),
  parse: (item: unknown): z.infer<T> => schema.parse(item),
});
export const dependentRow = onFirstUse(() =>
  rowOf(z.pick(seatItem, { uid: true, accountUid: true, status: true, dependent: true, createdAt: true })),
);
export const consentRow = onFirstUse(() =>
  rowOf(z.pick(seatItem, { uid: true, accountUid: true, dependent: true, consent: true, createdAt: true })),
);

export const seatToItem = (seat: Seat) => ({
  ...keys.seat(seat.accountUid, seat.uid),
  ...(seat.dependent === null ? {} : keys.dependentListing(seat.createdAt, seat.uid)),
  ...(seat.consent === null ? {} : keys.consentListing(seat.consent.createdAt, seat.uid)),
  type: itemTypes.seat,
  ...seat,
});

export const toEvent = (item: unknown): DomainEvent => {
  const { type: _, eventType, ...rest } = eventItem.parse(item);
  return { ...rest, type: eventType };
};
export const eventToItem = (event: DomainEvent) => {
  const { type, ...rest } = event;
  return {
    ...keys.event(event.accountId, event.id),
    // The seat's own index holds what its person may hear: an event for guardians only stays out.
    ...(event.seatId === null || event.audience === 'guardians'
      ? {}
      : keys.eventBySeat(event.seatId, event.id)),
    ...(event.seatUid === null || !isTimelineEvent(type)
      ? {}
      : keys.seatTimeline(event.seatUid, timelinePlaceOf(event))),
    type: itemTypes.event,
    eventType: type,
    ...rest,
  };
};

export const toSubscription = (item: unknown): Subscription => {
  const { type: _, accountUid: __, ...subscription } = subscriptionItem.parse(item);
  return subscription;
};
/** A subscription with its account, as the backoffice lists it. */
export const toAccountSubscription = (item: unknown): { accountUid: string; subscription: Subscription } => {
  const { accountUid } = z.object({ accountUid: z.string() }).parse(item);
  return { accountUid, subscription: toSubscription(item) };
};

const maskedPersonItem = onFirstUse(() =>
  z.object({
    kind: z.enum(['minor', 'adult']),
    name: z.string(),
    phone: z.nullable(z.string()),
    document: z.nullable(z.string()),
    birthYear: z.string(),
    relationship: z.enum(relationships),
  }),
);

export const connectionItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.connection),
    seatUid: z.string(),
    accountUid: z.string(),
    person: z.nullable(maskedPersonItem),
    channel: z.literal('chat'),
    status: z.enum(pairingStatuses),
    pairedAt: z.nullable(z.string()),
    lastSeenAt: z.nullable(z.string()),
    sessionWorker: z.string(),
    proxyLabel: z.string(),
    // Absent on rows written before imports reported there.
    sync: z.optional(
      z.nullable(z.object({ status: z.enum(importStatuses), step: z.nullable(z.enum(importSteps)) })),
    ),
    startedAt: z.string(),
  }),
);

export const toConnection = (item: unknown): Connection => {
  const { type: _, sync = null, ...connection } = connectionItem.parse(item);
  return { ...connection, sync };
};
export const connectionToItem = (connection: Connection) => ({
  ...keys.connection(connection.seatUid, connection.channel),
  ...keys.connectionListing(connection.startedAt, connection.seatUid),
  ...keys.connectionByStatus(connection.status, connection.startedAt, connection.seatUid),
  // Sparse: only an open pairing holds its proxy's slot, so only it is listed among the bindings.
  ...(isOpenPairing(connection.status)
    ? keys.proxyBinding(connection.proxyLabel, connection.startedAt, connection.seatUid)
    : {}),
  type: itemTypes.connection,
  ...connection,
});
export const subscriptionToItem = (accountUid: string, subscription: Subscription) => ({
  ...keys.subscription(accountUid),
  ...keys.subscriptionListing(subscription.createdAt, accountUid),
  accountUid,
  type: itemTypes.subscription,
  ...subscription,
});

const alertItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.alert),
    accountUid: z.string(),
    ...alertRecord.shape,
  }),
);

export const toAlertRecord = (item: unknown): AlertRecord => {
  const { type: _, accountUid: __, ...alert } = alertItem.parse(item);
  return alert;
};
/** An alert's item, with the index keys of its list filters (status, seat, both). */
export const alertToItem = (accountUid: string, alert: AlertRecord) => ({
  ...keys.alert(accountUid, alert.uid),
  ...keys.alertIndexes({ accountUid, uid: alert.uid, seatUid: alert.seatUid, status: alert.status }),
  type: itemTypes.alert,
  accountUid,
  ...alert,
});

const excerptViewDayItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.excerptViewDay),
    seatUid: z.string(),
    day: z.string(),
    count: z.int(),
    lastAt: z.string(),
  }),
);

/** A seat's excerpt reads of one day (`keys.excerptViewDay`). */
export const toExcerptViewDay = (item: unknown): ExcerptViewDay => {
  const { type: _, ...day } = excerptViewDayItem.parse(item);
  return day;
};

const dayTallyItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.dayTally),
    seatUid: z.string(),
    date: z.string(),
    watchedMs: z._default(z.number(), 0),
    connectedMs: z._default(z.number(), 0),
    pausedMs: z._default(z.number(), 0),
    drops: z._default(z.int(), 0),
  }),
);

/** A seat's tally of one calendar day (`keys.dayTally`). */
export const toDayTally = (item: unknown): DayTally => {
  const { type: _, ...day } = dayTallyItem.parse(item);
  return day;
};

const rosterItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.operatorRoster),
    members: z.array(
      z.object({
        uid: z.string(),
        email: z.string(),
        role: z.enum(operatorRoles),
        createdAt: z.string(),
      }),
    ),
    version: z.int(),
  }),
);

/** The operator members (`keys.operatorRoster`); none before the first was written. */
export const toRoster = (item: unknown): Roster => {
  const { type: _, ...roster } = rosterItem.parse(item);
  return roster;
};
export const rosterToItem = (roster: Roster) => ({
  ...keys.operatorRoster(),
  type: itemTypes.operatorRoster,
  members: roster.members,
  version: roster.version,
});

/**
 * An audit entry (`keys.auditEntry`). The excerpt's entries name their guardian and alert in their
 * own fields (`actorUserUid`, `alertUid`); every other entry names its actor and target itself.
 */
const auditItem = onFirstUse(() =>
  z.object({
    type: z.literal(itemTypes.auditEntry),
    entryId: z.string(),
    at: z.string(),
    action: z.string(),
    actorKind: z.optional(z.enum(['operator', 'guardian', 'system'])),
    actorUid: z.optional(z.string()),
    actorUserUid: z.optional(z.string()),
    targetKind: z.optional(z.string()),
    targetUid: z.optional(z.string()),
    alertUid: z.optional(z.string()),
  }),
);

export const toAuditEntry = (item: unknown): AuditEntry => {
  const entry = auditItem.parse(item);
  return {
    id: entry.entryId,
    at: entry.at,
    actor: { kind: entry.actorKind ?? 'guardian', uid: entry.actorUid ?? entry.actorUserUid ?? '' },
    action: entry.action,
    target: { kind: entry.targetKind ?? 'alert', uid: entry.targetUid ?? entry.alertUid ?? '' },
  };
};
export const auditEntryToItem = (entry: AuditEntry) => ({
  ...keys.auditEntry(entry.at, entry.id),
  ...keys.auditListing(entry.at, entry.id),
  type: itemTypes.auditEntry,
  entryId: entry.id,
  at: entry.at,
  action: entry.action,
  actorKind: entry.actor.kind,
  actorUid: entry.actor.uid,
  targetKind: entry.target.kind,
  targetUid: entry.target.uid,
});

/** A proxy-supply quote (`keys.supplyQuote`), kept a day past its expiry. */
const supplyQuoteItem = onFirstUse(() =>
  z.object({
    uid: z.string(),
    supplier: z.string(),
    product: z.string(),
    quantity: z.int(),
    days: z.int(),
    extends: z.nullable(z.string()),
    price: z.int(),
    createdAt: z.string(),
    expiresAt: z.string(),
    supplierQuoteId: z.string(),
    usedAt: z.nullable(z.string()),
  }),
);
export const toSupplyQuote = (item: unknown): Quote => supplyQuoteItem.parse(item);
export const supplyQuoteToItem = (quote: Quote) => ({
  ...keys.supplyQuote(quote.uid),
  type: itemTypes.supplyQuote,
  ...quote,
  ttl: Math.floor(Date.parse(quote.expiresAt) / 1000) + 24 * 3600,
});

/** A proxy-supply order (`keys.supplyOrder`). */
const supplyOrderItem = onFirstUse(() =>
  z.object({
    uid: z.string(),
    supplier: z.string(),
    product: z.string(),
    quantity: z.int(),
    createdAt: z.string(),
    expiresAt: z.string(),
    supplierOrderId: z.string(),
    proxies: z.array(z.object({ label: z.string(), address: z.string() })),
    payments: z.array(z.object({ at: z.string(), price: z.int() })),
    warnedFor: z.nullable(z.string()),
  }),
);
export const toSupplyOrder = (item: unknown): Order => supplyOrderItem.parse(item);
export const supplyOrderToItem = (order: Order) => ({
  ...keys.supplyOrder(order.uid),
  type: itemTypes.supplyOrder,
  ...order,
});
