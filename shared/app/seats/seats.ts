import { priceOf, trialLabel } from '../../domain/catalog/catalog';
import { effectiveStatus } from '../../domain/consent/consent-request';
import { deliveryView } from '../../domain/consent/delivery';
import type { Dependent } from '../../domain/family/dependent';
import { archiveSeat, fillDependent, newSeat, trialView, type Seat } from '../../domain/family/seat';
import { pauseView } from '../../domain/family/pause';
import { seatUidFor } from '../../domain/family/uids';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { familyOf, seatFor } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { linkToken, linkUrl } from '../link-access';
import { dataKeyChange } from './data-keys';
import { stateChangeEvents } from './state-events';

/**
 * The seat as clients read it (`GET /seats/{uid}` in docs/api.md): its consent with the link while
 * it can be answered, its trial and its person; never its data key, pairing or relationship check.
 */
export const seatView = (seat: Seat, deps: Pick<Deps, 'settings' | 'hasher' | 'clock'>) => {
  const consent = seat.consent;
  const status = consent === null ? null : effectiveStatus(consent, deps.clock.now());
  return {
    uid: seat.uid,
    status: seat.status,
    price: seat.price,
    activationRequiresConsent: seat.activationRequiresConsent,
    consent:
      consent === null || status === null
        ? null
        : {
            status,
            // The link is shown while it can still be answered.
            link: status === 'pending' ? linkUrl(deps, linkToken(deps, consent.requestId)) : null,
            expiresAt: consent.expiresAt,
            ...(consent.revokedBy === 'dependent' ? { revokedBy: 'dependent' as const } : {}),
            delivery: deliveryView(consent.delivery),
          },
    trial: trialView(seat, deps.clock.now(), trialLabel(deps.settings.trialDays)),
    dependent: seat.dependent,
    pause: pauseView(seat.pause),
  };
};

export const seatRef = (seat: Seat) => ({ seatId: seat.seatId, uid: seat.uid });

/** `POST /accounts/{uid}/seats`: a pending seat at today's price. */
export const createSeat = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock' | 'settings' | 'hasher'>,
  caller: Caller,
  accountUid: string,
) =>
  retryOnConflict(async () => {
    const { family } = await familyOf(deps, caller, accountUid);
    const seat = newSeat({
      uid: seatUidFor(family.account.uid, deps.ids.randomPart(16)),
      seatId: deps.ids.ulid(),
      accountUid: family.account.uid,
      price: priceOf(deps.settings.prices, 'seat'),
      now: deps.clock.now(),
    });
    await deps.families.addSeat(seat, [
      apiEvent(deps, { type: 'seat.created', accountId: accountUid, seat: seatRef(seat) }),
    ]);
    return seatView(seat, deps);
  });

export const getSeat = async (
  deps: Pick<Deps, 'families' | 'settings' | 'hasher' | 'clock'>,
  caller: Caller,
  seatUid: string,
) => seatView((await seatFor(deps, caller, seatUid)).seat, deps);

/** `DELETE /seats/{uid}`: archives a seat that is not active; archiving twice is harmless. */
export const removeSeat = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  caller: Caller,
  seatUid: string,
) =>
  retryOnConflict(async () => {
    const { seat } = await seatFor(deps, caller, seatUid);
    const archived = archiveSeat(seat, deps.clock.now());
    if (archived === null) return;
    await deps.families.saveSeat(
      archived,
      [
        apiEvent(deps, { type: 'seat.archived', accountId: seat.accountUid, seat: seatRef(seat) }),
        ...stateChangeEvents(deps, seat, archived),
      ],
      dataKeyChange(seat, archived),
    );
  });

/**
 * `PUT /seats/{uid}/dependent`: identical data changes nothing and writes no event; a change while
 * the person's link is open revokes it (`consent.revoked`).
 */
export const putDependent = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  caller: Caller,
  seatUid: string,
  dependent: Dependent,
): Promise<Dependent> =>
  retryOnConflict(async () => {
    const { seat } = await seatFor(deps, caller, seatUid);
    const filled = fillDependent(seat, dependent, deps.clock.now());
    if (filled === null) return dependent;
    await deps.families.saveSeat(filled.seat, [
      apiEvent(deps, { type: 'seat.dependent_updated', accountId: seat.accountUid, seat: seatRef(seat) }),
      ...(filled.revokedOpenLink
        ? [
            apiEvent(deps, {
              type: 'consent.revoked',
              accountId: seat.accountUid,
              seat: seatRef(seat),
              payload: { by: 'dependent_data_changed' },
            }),
          ]
        : []),
      ...stateChangeEvents(deps, seat, filled.seat),
    ]);
    return dependent;
  });
