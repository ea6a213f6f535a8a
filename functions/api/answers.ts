import * as z from '../../shared/validation/z';
import type { SeatStep, OnboardingStep } from '../../shared/domain/family/onboarding';
import type { BlockedBy } from '../../shared/domain/consent/seat-consent';
import type {
  ProtectionAction,
  ProtectionReason,
  ProtectionStateName,
} from '../../shared/domain/consent/protection';
import type { PersonKind } from '../../shared/domain/people/birth-date';
import { consentStatuses } from '../../shared/domain/consent/consent-request';
import { deliveryFailureReasons, deliveryStatuses } from '../../shared/domain/consent/delivery';
import { relationshipResults } from '../../shared/domain/consent/relationship-check';
import { serviceCodes } from '../../shared/domain/catalog/catalog';
import { serviceCurrency } from '../../shared/domain/money';
import { seatStatuses } from '../../shared/domain/family/seat';
import { dayStates } from '../../shared/domain/family/week';
import { relationships } from '../../shared/domain/people/relationship';
import { failureReasons, pairingMethods } from '../../shared/domain/pairing/pairing';
import { pairingStatuses } from '../../shared/domain/pairing/pairing.transitions';
import { importStatuses, importSteps } from '../../shared/domain/history/history-import';
import { ulid } from './notifications/schemas';
import {
  notificationCatalog,
  notificationCategories,
  type Severity,
} from '../../shared/domain/notifications/notification';
import type { Role } from '../../shared/domain/family/member';
import { alertStatuses } from '../../shared/domain/alerts/alert';
import { findingSources } from '../../shared/domain/alerts/finding';
import { riskCategories, severities as riskSeverities } from '../../shared/domain/analysis/finding';

/**
 * The answers' shapes that several routes share (docs/api.md), each one a named component of the
 * OpenAPI document (functions/api/openapi/document.ts places them). They describe what the use
 * cases' views return today; each group's `responses.ts` builds its routes' answers from them, and
 * the e2e tests check every answer they receive against the document built from them.
 */
export const components = z.registry<{ id?: string; description?: string }>();

const named = <T extends z.ZodMiniType>(id: string, description: string, schema: T): T => {
  components.add(schema, { id, description });
  return schema;
};

type Exhaustive<T extends string, V extends readonly string[]> = [T] extends [V[number]] ? V : never;

/** A domain union's words as an enum: a word the list misses, or one the union lacks, does not compile. */
export const wordsOf =
  <T extends string>() =>
  <const V extends readonly [T, ...T[]]>(values: Exhaustive<T, V>) =>
    z.enum(values);

/** An instant: ISO 8601 in UTC, e.g. `2026-11-22T10:00:00.000Z`. */
export const instant = z.iso.datetime();
/** Epoch milliseconds, for the one field the contract gives that way (`expiresAtMs`). */
export const epochMs = z.int().check(z.nonnegative());
export const count = z.int().check(z.nonnegative());

export const money = named(
  'Money',
  'An amount in minor units (centavos) and its currency.',
  z.strictObject({ amount: count, currency: z.literal(serviceCurrency) }),
);

export const cpfDocument = z.strictObject({
  type: z.literal('cpf'),
  number: z.string().check(z.regex(/^\d{11}$/)),
});

export const relationship = z.enum(relationships);
export const consentStatus = z.enum(consentStatuses);

export const consentDelivery = named(
  'ConsentDelivery',
  "The consent link's delivery: queued, sent (the provider accepted it), delivered, read, or failed with its reason.",
  z.strictObject({
    status: z.enum(deliveryStatuses),
    at: instant,
    failureReason: z.nullable(z.enum(deliveryFailureReasons)),
  }),
);

export const dependent = named(
  'Dependent',
  'The protected person of a seat; phone and document may be missing until the family fills them.',
  z.strictObject({
    kind: wordsOf<PersonKind>()(['minor', 'adult']),
    name: z.string(),
    birthDate: z.iso.date(),
    relationship,
    phone: z.nullable(z.string()),
    document: z.nullable(cpfDocument),
  }),
);

export const seat = named(
  'Seat',
  'A seat: its status, the price frozen at its creation, its consent request, trial and person.',
  z.strictObject({
    uid: z.string(),
    status: z.enum(seatStatuses),
    price: money,
    activationRequiresConsent: z.boolean(),
    consent: z.nullable(
      z.strictObject({
        status: consentStatus,
        /** The person's link, shown while it can still be answered. */
        link: z.nullable(z.url()),
        expiresAt: instant,
        revokedBy: z.optional(z.literal('dependent')),
        /**
         * The link's latest delivery to the person's phone (null while nothing was sent): `failed`
         * with `not_on_whatsapp` means the guardian shares the link another way.
         */
        delivery: z.nullable(consentDelivery),
      }),
    ),
    trial: z.strictObject({
      state: z.enum(['not_started', 'active', 'ended']),
      label: z.string(),
      trialEndsAt: z.nullable(instant),
    }),
    dependent: z.nullable(dependent),
    /** The guardians' pause while the seat is `paused`; it ends by itself at `until`. */
    pause: z.nullable(z.strictObject({ pausedAt: instant, until: instant, cause: z.literal('guardian') })),
  }),
);

export const seatEnvelope = z.strictObject({ seat });

const expiresAt = z.nullable(instant);
const qrChallenge = z.strictObject({ kind: z.literal('qr'), data: z.nullable(z.string()), expiresAt });
const codeOnPhone = z.strictObject({ kind: z.literal('code_on_dependent_phone'), expiresAt });

const pairingFields = {
  channel: z.literal('chat'),
  method: z.enum(pairingMethods),
  status: z.enum(pairingStatuses),
  failureReason: z.nullable(z.enum(failureReasons)),
  reconnectAttempts: count,
  nextRetryAt: z.nullable(instant),
  lastSeenAt: z.nullable(instant),
  pairedAt: z.nullable(instant),
  startedAt: instant,
};

export const guardianPairing = named(
  'GuardianPairing',
  "A seat's pairing as guardians see it: the QR, or only that a code is on the person's phone or that the person compares one (the codes themselves are never shown to guardians).",
  z.strictObject({
    ...pairingFields,
    challenge: z.nullable(
      z.discriminatedUnion('kind', [
        qrChallenge,
        codeOnPhone,
        z.strictObject({ kind: z.literal('passkey_confirm'), expiresAt }),
      ]),
    ),
  }),
);

export const personPairing = named(
  'PersonPairing',
  "The pairing as the person's page shows it, with the code they type on their own phone or the one they compare with their phone's.",
  z.strictObject({
    ...pairingFields,
    challenge: z.nullable(
      z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('code'), code: z.nullable(z.string()), expiresAt }),
        qrChallenge,
        z.strictObject({ kind: z.literal('passkey_confirm'), code: z.nullable(z.string()), expiresAt }),
      ]),
    ),
  }),
);

export const channel = named(
  'Channel',
  'A channel of a seat: whether it is contracted, at which price, and its pairing.',
  z.strictObject({
    channel: z.literal('chat'),
    enabled: z.boolean(),
    price: money,
    enabledAt: z.nullable(instant),
    pairing: z.nullable(guardianPairing),
  }),
);

export const consentPage = named(
  'ConsentPage',
  "What the person's consent page shows: who asks (a first name only), the tie, the phrase, the state.",
  z.strictObject({
    status: z.nullable(consentStatus),
    expiresAt: z.nullable(instant),
    requester: z.strictObject({ firstName: z.nullable(z.string()) }),
    person: z.nullable(
      z.strictObject({ firstName: z.string(), kind: wordsOf<PersonKind>()(['minor', 'adult']) }),
    ),
    relationship: z.nullable(relationship),
    phrase: z.nullable(z.string()),
    evidenceVerified: z.boolean(),
  }),
);

export const protectionState = wordsOf<ProtectionStateName>()([
  'waiting_consent',
  'declined',
  'ready_to_connect',
  'connecting',
  'warming_up',
  'protecting',
  'needs_you',
  'paused',
  'stopped',
  'ended',
]);
export const protectionReason = z.nullable(
  wordsOf<NonNullable<ProtectionReason>>()([
    'consent_stopped_by_dependent',
    'identity_mismatch',
    'passkey_required',
    'reconnecting',
    'disconnected',
    'reconnect_required',
    'alert_open',
    'paused_by_guardian',
  ]),
);
export const protectionAction = z.nullable(
  wordsOf<NonNullable<ProtectionAction>>()([
    'send_consent',
    'activate_seat',
    'connect',
    'review_alert',
    'resume_pause',
  ]),
);

export const consentView = z.strictObject({
  status: z.nullable(consentStatus),
  revokedBy: z.optional(z.literal('dependent')),
  relationshipCheck: z.nullable(z.enum(relationshipResults)),
  pairingAllowed: z.boolean(),
  blockedBy: z.array(
    wordsOf<BlockedBy>()([
      'consent_required',
      'relationship_refuted',
      'seat_not_active',
      'channel_not_enabled',
      'stopped_by_dependent',
    ]),
  ),
});

const seatStep = wordsOf<SeatStep>()([
  'fill_dependent',
  'send_consent',
  'await_consent',
  'activate_seat',
  'consent_declined',
]);

export const onboarding = z.strictObject({
  nextStep: z.nullable(
    wordsOf<OnboardingStep>()([
      'add_seat',
      'fill_dependent',
      'send_consent',
      'await_consent',
      'activate_seat',
      'consent_declined',
    ]),
  ),
  nextSeatUid: z.nullable(z.string()),
  complete: z.boolean(),
  seats: z.array(z.strictObject({ uid: z.string(), seatStep })),
});

export const role = wordsOf<Role>()(['owner', 'guardian']);

export const member = named(
  'Member',
  "A member of a family; guardians see other members' e-mails masked (`j***@example.com`).",
  z.strictObject({
    uid: z.string(),
    role,
    relationship: z.nullable(relationship),
    email: z.string(),
    joinedAt: instant,
  }),
);

export const subscription = named(
  'Subscription',
  "The account's subscription; `trialEndsAt` is null until the first seat connects (never read it as expired).",
  z.strictObject({
    status: z.literal('trialing'),
    interval: z.enum(['monthly', 'yearly']),
    campaignCode: z.nullable(z.string()),
    trialEndsAt: z.nullable(instant),
    createdAt: instant,
  }),
);

export const catalogService = z.strictObject({
  code: z.enum(serviceCodes),
  price: money,
  trialDays: count,
  trialStartsOn: z.literal('first_connection'),
  trialLabel: z.string(),
});

const notificationTypes = Object.keys(notificationCatalog) as [
  keyof typeof notificationCatalog,
  ...(keyof typeof notificationCatalog)[],
];

export const notification = named(
  'Notification',
  'A warning for guardians: its type and seat, never content.',
  z.strictObject({
    id: ulid,
    type: z.enum(notificationTypes),
    category: z.enum(notificationCategories),
    severity: wordsOf<Severity>()(['critical', 'warning']),
    seatUid: z.nullable(z.string()),
    createdAt: instant,
    readAt: z.nullable(instant),
  }),
);

const channels = z.strictObject({ inbox: z.boolean(), email: z.boolean(), push: z.boolean() });

export const notificationPreferences = named(
  'NotificationPreferences',
  "A guardian's channels per category of notification, and the types that reach the inbox and push anyway.",
  z.strictObject({
    categories: z.strictObject({
      alerts: channels,
      connection: channels,
      consent: channels,
      account: channels,
    }),
    criticalTypes: z.array(z.enum(notificationTypes)),
  }),
);

export const errorEnvelope = named(
  'Error',
  'Every error answer: `code` is the stable contract, `message` English text that may change, `details` optional machine data (`retryAt`, `retryAfterSeconds`, `attemptsLeft`, `suggestion`, `expected`, `heard`, `missing`, `score`, `faces`, `quality`).',
  z.strictObject({
    success: z.literal(false),
    error: z.strictObject({
      code: z.string(),
      message: z.string(),
      details: z.optional(z.record(z.string(), z.unknown())),
    }),
  }),
);

export const alert = named(
  'Alert',
  "Findings of one category on one seat, grouped while open: metadata only, never a message, a contact or an excerpt. `decidedBy` is the member's user uid.",
  z.strictObject({
    uid: z.string(),
    seatUid: z.string(),
    category: z.enum(riskCategories),
    severity: z.enum(riskSeverities),
    status: z.enum(alertStatuses),
    findingsCount: count,
    firstFindingAt: instant,
    lastFindingAt: instant,
    createdAt: instant,
    decidedAt: z.nullable(instant),
    decidedBy: z.nullable(z.string()),
    source: z.enum(findingSources),
  }),
);

export const alertCounts = z.strictObject({ open: count, resolved: count, dismissed: count });

export const excerpt = named(
  'Excerpt',
  'The minimal excerpt of an alert: at most the 3 most recent messages that carry its findings, oldest first; `from` is `dependent` or `contact`; each text at most 280 characters with phone numbers and e-mail addresses masked (`[phone]`, `[email]`).',
  z.strictObject({
    alertUid: z.string(),
    messages: z.array(
      z.strictObject({
        from: z.enum(['dependent', 'contact']),
        sentAt: instant,
        text: z.string(),
      }),
    ),
  }),
);

export const excerptViews = named(
  'ExcerptViews',
  "Guardians' excerpt reads of the person's messages in the last 30 days (UTC days), and the last one's instant; never which alert, category, guardian or text.",
  z.strictObject({ count30d: count, lastAt: z.nullable(instant) }),
);

export const weekDay = named(
  'WeekDay',
  "A calendar day (America/Sao_Paulo) of a seat's week: `protected` when connected for all of its watched time (active, not paused; up to now for today), `partial` for some, `unprotected` for none, `paused` when paused instead, `not_started` otherwise; `drops` counts the connection's drops (`paired -> degraded`).",
  z.strictObject({
    date: z.iso.date(),
    state: z.enum(dayStates),
    protectedMinutes: count,
    drops: count,
  }),
);

/** The 7 days ending today, oldest first. */
export const week = z.array(weekDay);

/** A seat's derived protection state, as the card and the home screen show it. */
export const protection = z.strictObject({
  state: protectionState,
  reason: protectionReason,
  since: instant,
  action: protectionAction,
  etaAt: z.optional(z.nullable(instant)),
});

const personKind = wordsOf<PersonKind>()(['minor', 'adult']);

export const protectionCard = named(
  'ProtectionCard',
  "A seat's protection card: the derived state, the consent, the connection, the pause, the members who receive the seat's warnings with their channels for `alerts`, the week and the open alerts.",
  z.strictObject({
    seatUid: z.string(),
    person: z.nullable(z.strictObject({ name: z.string(), kind: personKind })),
    protection,
    consent: z.nullable(
      z.strictObject({
        status: consentStatus,
        givenAt: z.nullable(instant),
        revokedBy: z.nullable(z.enum(['dependent', 'dependent_data_changed'])),
      }),
    ),
    connection: z.nullable(
      z.strictObject({
        channel: z.literal('chat'),
        status: z.enum(pairingStatuses),
        pairedAt: z.nullable(instant),
        lastSeenAt: z.nullable(instant),
        nextRetryAt: z.nullable(instant),
      }),
    ),
    pause: z.nullable(z.strictObject({ pausedAt: instant, until: instant, cause: z.literal('guardian') })),
    recipients: z.array(
      z.strictObject({
        memberUid: z.string(),
        /** The name of the member's profile; until they give one, their e-mail as the member list shows it. */
        name: z.string(),
        role,
        channels,
      }),
    ),
    week,
    alerts: z.strictObject({ open: count }),
  }),
);

export const home = named(
  'Home',
  "The home screen in one read: the account, the onboarding's next step, the family's people (pending, active and paused seats, oldest first) with their derived protection, connection, week and open alerts, the newest open alerts and the caller's unread notifications. `warmup` is the seat's first history read (its status, start and honest end estimate), null before it joins the queue.",
  z.strictObject({
    account: z.strictObject({ uid: z.string(), name: z.string() }),
    onboarding: z.omit(onboarding, { seats: true }),
    people: z.array(
      z.strictObject({
        seatUid: z.string(),
        name: z.nullable(z.string()),
        kind: z.nullable(personKind),
        seatStatus: z.enum(seatStatuses),
        protection,
        connection: z.nullable(
          z.strictObject({ status: z.enum(pairingStatuses), lastSeenAt: z.nullable(instant) }),
        ),
        week,
        warmup: z.nullable(
          z.strictObject({
            status: z.enum(importStatuses),
            startedAt: z.nullable(instant),
            etaAt: z.nullable(instant),
          }),
        ),
        alerts: z.strictObject({ open: count }),
      }),
    ),
    alerts: z.strictObject({ open: count, latest: z.array(alert) }),
    notifications: z.strictObject({ unread: count }),
  }),
);

export const historyImport = named(
  'HistoryImport',
  "A seat's history import: `waiting` in the one queue (`position` from 1), `offered` (a slot held until `offerExpiresAt`), `running` (`step`), then `done`, `stuck`, `failed` or `cancelled`. `first` is the seat's warm-up.",
  z.strictObject({
    seatUid: z.string(),
    status: z.enum(importStatuses),
    first: z.boolean(),
    position: z.nullable(z.int().check(z.positive())),
    offerExpiresAt: z.nullable(instant),
    step: z.nullable(z.enum(importSteps)),
    progress: z.strictObject({ chats: count, chatsDone: count, messages: count }),
    queuedAt: instant,
    startedAt: z.nullable(instant),
    finishedAt: z.nullable(instant),
  }),
);
