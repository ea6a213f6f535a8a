import { effectiveStatus } from '../../domain/consent/consent-request';
import { needsRelationshipCheck, type RelationshipResult } from '../../domain/consent/relationship-check';
import { pairingBlockers, renewRequest, requestConsent } from '../../domain/consent/seat-consent';
import { requireOwner } from '../../domain/family/member';
import type { Seat } from '../../domain/family/seat';
import { isChannelEnabled } from '../../domain/pairing/channels';
import type { User } from '../../domain/users/user';
import type { SeatChangeExtras } from '../../ports/stores';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { seatFor } from '../family-access';
import { linkToken, linkTokenHash } from '../link-access';
import { retryOnConflict } from '../retry-on-conflict';
import { seatRef, seatView } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { deliveryEvent, enqueueSend, queueDelivery } from './delivery';

/**
 * The consent request, as the owner makes it and reads it: its link (sent to the person's phone)
 * and, once per seat, the relationship check.
 */
export type ConsentDeps = Pick<
  Deps,
  'families' | 'users' | 'ids' | 'clock' | 'hasher' | 'settings' | 'relationships' | 'consentSends'
>;

/**
 * The relationship check runs once per seat (again only after `failed`). A registry that cannot
 * answer is recorded as `failed`, so the request still goes out and the next one retries.
 */
export const withRelationshipCheck = async (
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

export const newRequest = (deps: ConsentDeps, owner: User | null) => ({
  requestId: deps.ids.ulid(),
  now: deps.clock.now(),
  requesterFirstName: owner?.name?.trim().split(/\s+/)[0] ?? null,
});

export const linkFor = (deps: ConsentDeps, seat: Seat): SeatChangeExtras['consentLink'] =>
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

/** A new delivery's first step, `queued`, when the change queues one. */
export const queuedEvents = (deps: ConsentDeps, before: Seat, after: Seat) => {
  const delivery = after.consent?.delivery;
  return delivery != null && delivery !== before.consent?.delivery && delivery.status === 'queued'
    ? [deliveryEvent(deps, 'api', after, delivery)]
    : [];
};

/**
 * `POST /seats/{uid}/consent-request` (owner): reuses an open request or makes one (with its link
 * and, once per seat, the relationship check); `send: now` queues a new delivery of the link (the
 * answer does not wait for the provider), `later` sends nothing.
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
    const toSave = input.send === 'now' ? queueDelivery(deps, checked) : checked;
    if (!created && toSave === asked) return { created, saved: seat };
    const extras: SeatChangeExtras = created ? { consentLink: linkFor(deps, toSave) } : {};
    const events = [
      ...(created ? requestedEvents(deps, seat, toSave) : []),
      ...queuedEvents(deps, seat, toSave),
    ];
    return { created, saved: await deps.families.saveSeat(toSave, events, extras) };
  });
  if (input.send === 'now') await enqueueSend(deps, saved);
  return { created, seat: seatView(saved, deps) };
};

/** `POST /seats/{uid}/consent-request/resend` (owner): a new link after the wait; the old one expires. */
export const resendConsent = async (deps: ConsentDeps, caller: Caller, seatUid: string) => {
  const saved = await retryOnConflict(async () => {
    const { member, seat } = await seatFor(deps, caller, seatUid);
    requireOwner(member);
    const owner = await deps.users.get(caller.userUid);
    const renewed = queueDelivery(
      deps,
      await withRelationshipCheck(
        deps,
        owner,
        renewRequest(seat, newRequest(deps, owner), deps.settings.consent),
      ),
    );
    return deps.families.saveSeat(
      renewed,
      [...requestedEvents(deps, seat, renewed), ...queuedEvents(deps, seat, renewed)],
      { consentLink: linkFor(deps, renewed) },
    );
  });
  await enqueueSend(deps, saved);
  return { seat: seatView(saved, deps) };
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
