import { seatOf } from '../domain/family/account';
import { accountUidOfSeat } from '../domain/family/uids';
import { seatUidOfLegacySession } from '../domain/pairing/pairing';
import type { SessionEventEnvelope } from '../ports/session-provider';
import type { Deps } from './deps';

/**
 * The seat whose pairing owns the session an event is of, or null: a session nobody here started
 * is unknown. The seat uid comes from the session's metadata (signed with the body); the seat's own
 * pairing must name the session, so metadata that points elsewhere finds nothing. Pairing (its
 * status events) and alerts (its messages) both find the seat so.
 */
export const sessionOwner = async (
  deps: Pick<Deps, 'families'>,
  { session, seatUid: named }: Pick<SessionEventEnvelope, 'session' | 'seatUid'>,
) => {
  const seatUid = named ?? seatUidOfLegacySession(session);
  const accountUid = seatUid === null ? null : accountUidOfSeat(seatUid);
  const family = accountUid === null ? null : await deps.families.load(accountUid);
  const seat = family === null || seatUid === null ? undefined : seatOf(family, seatUid);
  if (family === null || seat?.pairing == null || seat.pairing.sessionName !== session) return null;
  return { family, seat, pairing: seat.pairing };
};
