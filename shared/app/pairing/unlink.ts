import type { Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { movePairing } from '../../domain/pairing/pairing';
import { isOpenPairing } from '../../domain/pairing/pairing.transitions';
import type { Caller, Deps } from '../deps';
import { seatFor } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { planPairingChange, savePairingPlan } from './pairing-changes';
import type { NotifyDeps } from '../notifications/notify';
import { endSession } from './sessions';

/** Revokes the seat's open pairing (unlink by a guardian, stop by the person, reset by an operator). */
export const revokePairing = (
  deps: Pick<Deps, 'ids' | 'clock' | 'settings'>,
  family: Family,
  seat: Seat,
  because: 'unlinked_by_guardian' | 'stopped_by_dependent' | 'reset_by_operator',
) => {
  if (seat.pairing === null || !isOpenPairing(seat.pairing.status)) return null;
  const move = movePairing(seat.pairing, 'revoked', deps.clock.now(), { revokedBecause: because });
  return move === null ? null : planPairingChange(deps, 'api', family, seat, [move]);
};

/** `DELETE /seats/{uid}/pairing`: always 204 on one's own seat; an open pairing becomes `revoked`. */
export const unlinkPairing = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock' | 'settings' | 'sessionEnds'> & NotifyDeps,
  caller: Caller,
  seatUid: string,
) => {
  const revoked = await retryOnConflict(async () => {
    const { family, seat } = await seatFor(deps, caller, seatUid);
    const plan = revokePairing(deps, family, seat, 'unlinked_by_guardian');
    if (plan === null || seat.pairing === null) return null;
    await savePairingPlan(deps, family, plan);
    return seat.pairing;
  });
  if (revoked !== null) await endSession(deps, revoked.sessionName);
};
