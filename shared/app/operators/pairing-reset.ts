import { seatOf } from '../../domain/family/account';
import { accountUidOfSeat } from '../../domain/family/uids';
import { fail } from '../../domain/errors';
import type { Operator } from '../../domain/operators/roster';
import type { Deps } from '../deps';
import type { NotifyDeps } from '../notifications/notify';
import { savePairingPlan } from '../pairing/pairing-changes';
import { endSession } from '../pairing/sessions';
import { revokePairing } from '../pairing/unlink';
import { retryOnConflict } from '../retry-on-conflict';
import { operatorAudit } from './operators';

/**
 * `POST /admin/seats/{uid}/pairing/reset`: the backoffice reset of the pairing table, the seat's open
 * pairing `revoked` with its events (as a guardian's unlink writes them) and the operator's audit
 * entry in the same transaction; then the session ends at the provider. 422 `PAIRING_NOT_OPEN`
 * when none is open. The operator never sees the seat's family, only this answer.
 */
export const resetPairing = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock' | 'settings' | 'sessionEnds'> & NotifyDeps,
  operator: Operator,
  seatUid: string,
): Promise<{ seatUid: string; status: 'revoked' }> => {
  const revoked = await retryOnConflict(async () => {
    const accountUid = accountUidOfSeat(seatUid);
    const family = accountUid === null ? null : await deps.families.load(accountUid);
    const seat = family === null ? undefined : seatOf(family, seatUid);
    if (family === null || seat === undefined) throw fail('NOT_FOUND');
    const plan = revokePairing(deps, family, seat, 'reset_by_operator');
    if (plan === null || seat.pairing === null) throw fail('PAIRING_NOT_OPEN');
    await savePairingPlan(deps, family, plan, {
      audit: operatorAudit(deps, operator, 'pairing.reset', { kind: 'seat', uid: seatUid }),
    });
    return seat.pairing;
  });
  await endSession(deps, revoked.sessionName);
  return { seatUid, status: 'revoked' };
};
