import { fail } from '../../domain/errors';
import { guardianPairingView, personPairingView } from '../../domain/pairing/pairing';
import type { Caller, Deps } from '../deps';
import { seatFor } from '../family-access';
import { personLinkAccess } from '../person-link';

/** `GET /seats/{uid}/pairing`: the open pairing, or else the latest; 404 when there never was one. */
export const readPairing = async (deps: Pick<Deps, 'families'>, caller: Caller, seatUid: string) => {
  const { seat } = await seatFor(deps, caller, seatUid);
  if (seat.pairing === null) throw fail('NOT_FOUND', undefined, 'This seat has no pairing.');
  return guardianPairingView(seat.pairing);
};

/** `GET /consent-requests/{token}/pairing`: the person's current pairing, with their code. */
export const readPersonPairing = async (
  deps: Pick<Deps, 'families' | 'hasher' | 'clock' | 'rateLimiter'>,
  token: string,
  ip: string,
) => {
  const { seat } = await (await personLinkAccess(deps, 'read', token, ip))();
  if (seat.pairing === null) throw fail('NOT_FOUND', undefined, 'No pairing yet.');
  return personPairingView(seat.pairing);
};

/** `GET /seats/{uid}/pairing/avatar`: the person's own profile photo while connected; 404 otherwise. */
export const pairingAvatar = async (
  deps: Pick<Deps, 'families' | 'sessions'>,
  caller: Caller,
  seatUid: string,
) => {
  const { seat } = await seatFor(deps, caller, seatUid);
  const pairing = seat.pairing;
  const photo =
    pairing !== null && (pairing.status === 'paired' || pairing.status === 'degraded')
      ? await deps.sessions.profilePicture(pairing.sessionName)
      : null;
  if (photo === null) throw fail('NOT_FOUND', undefined, 'No profile photo.');
  return photo;
};
