import type { Family } from '../domain/family/account';
import { memberOf, seatOf } from '../domain/family/account';
import type { Member } from '../domain/family/member';
import type { Seat } from '../domain/family/seat';
import { fail } from '../domain/errors';
import { accountUidOfSeat, isAccountUid } from '../domain/family/uids';
import type { Caller, Deps } from './deps';

export interface FamilyView {
  family: Family;
  member: Member;
}

/**
 * The family as its caller may see it. Another family's account or seat, or one that does not
 * exist, answers 404 alike: never 403, so nobody learns what exists elsewhere.
 */
export const familyOf = async (
  deps: Pick<Deps, 'families'>,
  caller: Caller,
  accountUid: string,
): Promise<FamilyView> => {
  const family = isAccountUid(accountUid) ? await deps.families.load(accountUid) : null;
  const member = family === null ? undefined : memberOf(family, caller.userUid);
  if (family === null || member === undefined) throw fail('NOT_FOUND');
  return { family, member };
};

export const seatFor = async (
  deps: Pick<Deps, 'families'>,
  caller: Caller,
  seatUid: string,
): Promise<FamilyView & { seat: Seat }> => {
  const accountUid = accountUidOfSeat(seatUid);
  if (accountUid === null) throw fail('NOT_FOUND');
  const view = await familyOf(deps, caller, accountUid);
  const seat = seatOf(view.family, seatUid);
  if (seat === undefined) throw fail('NOT_FOUND');
  return { ...view, seat };
};

/**
 * Where a command finds its family and seat, read afresh on each attempt: a guardian's access
 * (`seatFor`) or the person's live link. One command then serves both.
 */
export type SeatAccess = () => Promise<{ family: Family; seat: Seat }>;
