import { weekChange } from '../../domain/family/week';
import { isRefuted } from '../../domain/consent/relationship-check';
import { activate, checkActivation, requestConsent } from '../../domain/consent/seat-consent';
import { fail } from '../../domain/errors';
import { requireOwner } from '../../domain/family/member';
import { checkCampaign, openSubscription } from '../../domain/family/subscription';
import type { SeatChangeExtras } from '../../ports/stores';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { seatFor } from '../family-access';
import { once, retryOnConflict } from '../retry-on-conflict';
import { dataKeyChange, makeDataKey } from '../seats/data-keys';
import { seatRef, seatView } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { enqueueSend, queueDelivery } from './delivery';
import { linkFor, newRequest, queuedEvents, withRelationshipCheck, type ConsentDeps } from './request';

/**
 * `POST /seats/{uid}/activate` (owner): the seat table's conditions, then the attestation, the
 * seat's data key and, if the account has none, its subscription in `trialing`. Activations of one
 * family's seats at once race for its subscription: the one that loses reads it again and joins it.
 * The data key is made once, after the conditions hold, however many times the write is retried.
 */
export const activateSeat = async (
  deps: ConsentDeps & Pick<Deps, 'seatKeys'>,
  caller: Caller,
  seatUid: string,
  input: { guardianAttestation: true; campaignCode?: string | undefined },
) => {
  const dataKey = once((seatId: string) => makeDataKey(deps, seatId));
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
      ? queueDelivery(
          deps,
          await withRelationshipCheck(
            deps,
            owner,
            requestConsent(seat, newRequest(deps, owner), deps.settings.consent).seat,
          ),
        )
      : seat;
    if (isRefuted(prepared.relationshipCheck)) throw fail('RELATIONSHIP_REFUTED');

    // The seat's week starts with its activation: the time up to its first pairing is watched too.
    const made = await dataKey(seat.seatId);
    const { seat: activated, days } = weekChange(
      seat,
      activate(prepared, now, { campaignCode, dataKeyId: made.id }),
      now,
    );
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
        ...queuedEvents(deps, seat, prepared),
        ...stateChangeEvents(deps, seat, activated),
      ],
      {
        ...(subscription === undefined ? {} : { subscription }),
        ...(asking ? { consentLink: linkFor(deps, activated) } : {}),
        ...dataKeyChange(seat, activated, made),
        days,
      },
    );
    return { saved, asking };
  });
  if (asking) await enqueueSend(deps, saved);
  return seatView(saved, deps);
};
