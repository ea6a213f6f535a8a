import { priceOf, trialLabel } from '../../domain/catalog/catalog';
import type { Dependent } from '../../domain/family/dependent';
import { archiveSeat, fillDependent, newSeat, type Seat } from '../../domain/family/seat';
import { seatUidFor } from '../../domain/family/uids';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../events';
import { familyOf, seatFor } from '../family-access';

/** The seat as clients read it (decisions.md "Seat read"). */
export const seatView = (seat: Seat, settings: Deps['settings']) => ({
  uid: seat.uid,
  status: seat.status,
  price: seat.price,
  activationRequiresConsent: seat.activationRequiresConsent,
  consent: null,
  trial: { state: 'not_started' as const, label: trialLabel(settings.trialDays), trialEndsAt: null },
  dependent: seat.dependent,
});

const seatRef = (seat: Seat) => ({ seatId: seat.seatId, uid: seat.uid });

/** `POST /accounts/{uid}/seats`: a pending seat at today's price. */
export const createSeat = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock' | 'settings'>,
  caller: Caller,
  accountUid: string,
) => {
  const { family } = await familyOf(deps, caller, accountUid);
  const seatUid = seatUidFor(family.account.uid, deps.ids.randomPart(16));
  const seat = newSeat({
    uid: seatUid,
    seatId: deps.ids.ulid(),
    accountUid: family.account.uid,
    price: priceOf(deps.settings.prices, 'seat'),
    now: deps.clock.now(),
  });
  await deps.families.addSeat(seat, [
    apiEvent(deps, { type: 'seat.created', accountId: accountUid, seat: seatRef(seat) }),
  ]);
  return seatView(seat, deps.settings);
};

export const getSeat = async (deps: Pick<Deps, 'families' | 'settings'>, caller: Caller, seatUid: string) =>
  seatView((await seatFor(deps, caller, seatUid)).seat, deps.settings);

/** `DELETE /seats/{uid}`: archives a seat that is not active; archiving twice is harmless. */
export const removeSeat = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  caller: Caller,
  seatUid: string,
) => {
  const { seat } = await seatFor(deps, caller, seatUid);
  const archived = archiveSeat(seat);
  if (archived === null) return;
  await deps.families.saveSeat(archived, [
    apiEvent(deps, { type: 'seat.archived', accountId: seat.accountUid, seat: seatRef(seat) }),
  ]);
};

/** `PUT /seats/{uid}/dependent`: identical data changes nothing and writes no event. */
export const putDependent = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  caller: Caller,
  seatUid: string,
  dependent: Dependent,
): Promise<Dependent> => {
  const { seat } = await seatFor(deps, caller, seatUid);
  const filled = fillDependent(seat, dependent, deps.clock.now());
  if (filled === null) return dependent;
  await deps.families.saveSeat(filled, [
    apiEvent(deps, { type: 'seat.dependent_updated', accountId: seat.accountUid, seat: seatRef(seat) }),
  ]);
  return dependent;
};
