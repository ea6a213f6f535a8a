import { deriveProtection } from '../../domain/consent/protection';
import { effectiveStatus } from '../../domain/consent/consent-request';
import {
  isRefuted,
  needsRelationshipCheck,
  type RelationshipResult,
} from '../../domain/consent/relationship-check';
import {
  activate,
  checkActivation,
  pairingBlockers,
  requestConsent,
  resendConsent,
} from '../../domain/consent/seat-consent';
import { fail, ServiceError } from '../../domain/errors';
import { isChannelEnabled } from '../../domain/pairing/channels';
import type { User } from '../../domain/users/user';
import { requireOwner } from '../../domain/family/member';
import type { Seat } from '../../domain/family/seat';
import { checkCampaign, openSubscription, type Subscription } from '../../domain/family/subscription';
import type { SeatChangeExtras } from '../../ports/stores';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { familyOf, seatFor } from '../family-access';
import { once, retryOnConflict } from '../retry-on-conflict';
import { seatRef, seatView } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { linkToken, linkTokenHash } from './links';

type ActivationDeps = ConsentDeps & Pick<Deps, 'seatKeys'>;
type ConsentDeps = Pick<
  Deps,
  'families' | 'users' | 'ids' | 'clock' | 'hasher' | 'settings' | 'relationships' | 'messenger'
>;

/**
 * The relationship check runs once per seat (again only after `failed`). A registry that cannot
 * answer is recorded as `failed`, so the request still goes out and the next one retries.
 */
const withRelationshipCheck = async (
  deps: ConsentDeps,
  ownerUser: User | null,
  seat: Seat,
): Promise<Seat> => {
  const document = seat.dependent?.document;
  if (!needsRelationshipCheck(seat.relationshipCheck) || document == null || seat.dependent === null)
    return seat;
  const result: RelationshipResult = await deps.relationships
    .check({
      personCpf: document.number,
      ownerCpf: ownerUser?.document?.number ?? null,
      relationship: seat.dependent.relationship,
    })
    .catch(() => 'failed' as const);
  return { ...seat, relationshipCheck: { result, checkedAt: deps.clock.now().toISOString() } };
};

/** The link reaches the person's phone; a failure after the request is saved asks for a retry. */
const sendLink = async (deps: ConsentDeps, seat: Seat): Promise<void> => {
  if (seat.consent === null || seat.dependent?.phone == null) return;
  try {
    await deps.messenger.sendConsentLink({
      to: seat.dependent.phone,
      personFirstName: seat.dependent.name.split(/\s+/)[0] ?? seat.dependent.name,
      linkToken: linkToken(deps, seat.consent.requestId),
      reference: seat.consent.requestId,
    });
  } catch (error) {
    throw new ServiceError('UNAVAILABLE', {
      message: 'The link was saved but could not be sent; send it again.',
      cause: error,
    });
  }
};

const newRequest = (deps: ConsentDeps, owner: User | null) => ({
  requestId: deps.ids.ulid(),
  now: deps.clock.now(),
  requesterFirstName: owner?.name?.trim().split(/\s+/)[0] ?? null,
});

const linkFor = (deps: ConsentDeps, seat: Seat): SeatChangeExtras['consentLink'] =>
  seat.consent === null
    ? undefined
    : {
        tokenHash: linkTokenHash(deps, linkToken(deps, seat.consent.requestId)),
        requestId: seat.consent.requestId,
      };

const requestedEvents = (deps: ConsentDeps, before: Seat, after: Seat) => [
  apiEvent(deps, { type: 'consent.requested', accountId: after.accountUid, seat: seatRef(after) }),
  ...stateChangeEvents(deps, before, after),
];

/**
 * `POST /seats/{uid}/consent-request` (owner): reuses an open request or makes one (with its link
 * and, once per seat, the relationship check); `send: now` sends the link, `later` sends nothing.
 */
export const askConsent = async (
  deps: ConsentDeps,
  caller: Caller,
  seatUid: string,
  input: { send: 'now' | 'later' },
) => {
  const { created, saved } = await retryOnConflict(async () => {
    const { member, seat } = await seatFor(deps, caller, seatUid);
    requireOwner(member);
    const owner = await deps.users.get(caller.userUid);
    const { seat: asked, created } = requestConsent(seat, newRequest(deps, owner), deps.settings.consent);
    const checked = await withRelationshipCheck(deps, owner, asked);
    if (!created && checked === asked) return { created, saved: seat };
    const extras: SeatChangeExtras = created ? { consentLink: linkFor(deps, checked) } : {};
    const events = created ? requestedEvents(deps, seat, checked) : [];
    return { created, saved: await deps.families.saveSeat(checked, events, extras) };
  });
  if (input.send === 'now') await sendLink(deps, saved);
  return { created, seat: seatView(saved, deps) };
};

/** `POST /seats/{uid}/consent-request/resend` (owner): a new link after the wait; the old one expires. */
export const resendConsentLink = async (deps: ConsentDeps, caller: Caller, seatUid: string) => {
  const saved = await retryOnConflict(async () => {
    const { member, seat } = await seatFor(deps, caller, seatUid);
    requireOwner(member);
    const owner = await deps.users.get(caller.userUid);
    const renewed = await withRelationshipCheck(
      deps,
      owner,
      resendConsent(seat, newRequest(deps, owner), deps.settings.consent),
    );
    return deps.families.saveSeat(renewed, requestedEvents(deps, seat, renewed), {
      consentLink: linkFor(deps, renewed),
    });
  });
  await sendLink(deps, saved);
  return { seat: seatView(saved, deps) };
};

/**
 * `POST /seats/{uid}/activate` (owner): the seat table's conditions, then the attestation, the
 * seat's data key and, if the account has none, its subscription in `trialing`. Activations of one
 * family's seats at once race for its subscription: the one that loses reads it again and joins it.
 * The data key is made once, after the conditions hold, however many times the write is retried.
 */
export const activateSeat = async (
  deps: ActivationDeps,
  caller: Caller,
  seatUid: string,
  input: { guardianAttestation: true; campaignCode?: string | undefined },
) => {
  const dataKey = once((seatId: string) => deps.seatKeys.create(seatId));
  const { saved, asking } = await retryOnConflict(async () => {
    const { family, member, seat } = await seatFor(deps, caller, seatUid);
    requireOwner(member);
    const now = deps.clock.now();
    checkActivation(seat, now);
    const campaignCode = input.campaignCode ?? null;
    checkCampaign(campaignCode, deps.settings.campaigns, family.subscription);

    // Old seats (activation without consent) ask for it at activation instead.
    const asking = !seat.activationRequiresConsent && seat.consent === null;
    const owner = asking ? await deps.users.get(caller.userUid) : null;
    const prepared = asking
      ? await withRelationshipCheck(
          deps,
          owner,
          requestConsent(seat, newRequest(deps, owner), deps.settings.consent).seat,
        )
      : seat;
    if (isRefuted(prepared.relationshipCheck)) throw fail('RELATIONSHIP_REFUTED');

    const activated = activate(prepared, now, {
      campaignCode,
      encryptedDataKey: await dataKey(seat.seatId),
    });
    const subscription: SeatChangeExtras['subscription'] =
      family.subscription === null
        ? { value: openSubscription({ interval: 'monthly', campaignCode, now }), mode: 'new' }
        : campaignCode === null
          ? undefined
          : { value: { ...family.subscription, campaignCode }, mode: 'replace' };
    const saved = await deps.families.saveSeat(
      activated,
      [
        apiEvent(deps, { type: 'seat.activated', accountId: seat.accountUid, seat: seatRef(seat) }),
        ...(family.subscription === null
          ? [
              apiEvent(deps, {
                type: 'subscription.opened',
                accountId: seat.accountUid,
                payload: { status: 'trialing' },
              }),
            ]
          : []),
        ...(asking
          ? [apiEvent(deps, { type: 'consent.requested', accountId: seat.accountUid, seat: seatRef(seat) })]
          : []),
        ...stateChangeEvents(deps, seat, activated),
      ],
      {
        ...(subscription === undefined ? {} : { subscription }),
        ...(asking ? { consentLink: linkFor(deps, activated) } : {}),
      },
    );
    return { saved, asking };
  });
  if (asking) await sendLink(deps, saved);
  return seatView(saved, deps);
};

/** `GET /seats/{uid}/consent`: the consent, whether pairing may start, and what blocks it. */
export const getConsent = async (deps: ConsentDeps, caller: Caller, seatUid: string) => {
  const { seat } = await seatFor(deps, caller, seatUid);
  const now = deps.clock.now();
  const blockedBy = pairingBlockers(seat, now, isChannelEnabled(seat, 'chat'));
  return {
    status: seat.consent === null ? null : effectiveStatus(seat.consent, now),
    ...(seat.consent?.revokedBy === 'dependent' ? { revokedBy: 'dependent' as const } : {}),
    relationshipCheck: seat.relationshipCheck?.result ?? null,
    pairingAllowed: blockedBy.length === 0,
    blockedBy,
  };
};

/** `GET /seats/{uid}/protection`: the derived protection card. */
export const getProtection = async (deps: ConsentDeps, caller: Caller, seatUid: string) => {
  const { seat } = await seatFor(deps, caller, seatUid);
  const now = deps.clock.now();
  return {
    ...deriveProtection(seat, now),
    consent: seat.consent === null ? null : { status: effectiveStatus(seat.consent, now) },
  };
};

/** The subscription as clients read it: its version is the table's concern. */
const subscriptionView = ({ version: _, ...subscription }: Subscription) => subscription;

/**
 * `POST /accounts/{uid}/subscription` (owner): opens it explicitly; 409 if one exists (also when
 * another request, or a first activation, opened it a moment ago).
 */
export const createSubscription = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock' | 'settings'>,
  caller: Caller,
  accountUid: string,
  input: { interval: Subscription['interval']; campaignCode?: string | undefined },
) =>
  retryOnConflict(async () => {
    const { family, member } = await familyOf(deps, caller, accountUid);
    requireOwner(member);
    if (family.subscription !== null)
      throw fail('CONFLICT', undefined, 'The account already has a subscription.');
    const campaignCode = input.campaignCode ?? null;
    checkCampaign(campaignCode, deps.settings.campaigns, null);
    const subscription = openSubscription({ interval: input.interval, campaignCode, now: deps.clock.now() });
    await deps.families.openSubscription(family.account, subscription, [
      apiEvent(deps, { type: 'subscription.opened', accountId: accountUid, payload: { status: 'trialing' } }),
    ]);
    return subscriptionView(subscription);
  });

export const readSubscription = async (deps: Pick<Deps, 'families'>, caller: Caller, accountUid: string) => {
  const { family } = await familyOf(deps, caller, accountUid);
  if (family.subscription === null) throw fail('NOT_FOUND', undefined, 'The account has no subscription.');
  return subscriptionView(family.subscription);
};
