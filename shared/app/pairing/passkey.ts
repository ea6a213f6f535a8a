import { fail } from '../../domain/errors';
import {
  guardianPairingView,
  movePairing,
  passkeyAnswer,
  personPairingView,
  type Pairing,
} from '../../domain/pairing/pairing';
import type { Caller, Deps } from '../deps';
import { seatFor, type SeatAccess } from '../family-access';
import { once, retryOnConflict } from '../retry-on-conflict';
import { planPairingChange, savePairingPlan } from './pairing-changes';
import type { NotifyDeps } from '../notifications/notify';
import { personLinkAccess } from '../person-link';
import { endSession } from './sessions';

type PasskeyDeps = Pick<Deps, 'families' | 'ids' | 'clock' | 'settings' | 'sessions' | 'sessionEnds'> &
  NotifyDeps;

/**
 * The number-match answer (guardian or person): `true` confirms at the provider (once, however
 * many times the write is retried) and moves to `connecting`; `false` ends the pairing as
 * `passkey_refused` and logs the session out.
 */
const answerNumberMatch = (deps: PasskeyDeps, access: SeatAccess, matches: boolean) => {
  const confirm = once((sessionName: string) => deps.sessions.confirmPasskey(sessionName));
  return retryOnConflict(async () => {
    const { family, seat } = await access();
    const trigger = passkeyAnswer(seat.pairing, matches);
    const pairing = seat.pairing as Pairing;
    const move = movePairing(pairing, trigger, deps.clock.now());
    if (move === null) throw fail('PAIRING_NOT_AWAITING_CONFIRMATION');
    if (matches) await confirm(pairing.sessionName);
    const plan = planPairingChange(deps, 'api', family, seat, [move]);
    const saved = await savePairingPlan(deps, family, plan);
    if (plan.logout) await endSession(deps, pairing.sessionName);
    return saved.pairing as Pairing;
  });
};

/** `POST /seats/{uid}/pairing/passkey` (guardian): the number-match answer. */
export const answerPasskey = async (deps: PasskeyDeps, caller: Caller, seatUid: string, matches: boolean) =>
  guardianPairingView(await answerNumberMatch(deps, () => seatFor(deps, caller, seatUid), matches));

/** `POST /consent-requests/{token}/pairing/passkey`: the person's number-match answer. */
export const answerPersonPasskey = async (
  deps: PasskeyDeps & Pick<Deps, 'hasher' | 'rateLimiter'>,
  token: string,
  ip: string,
  matches: boolean,
) =>
  personPairingView(
    await answerNumberMatch(deps, await personLinkAccess(deps, 'passkey', token, ip), matches),
  );
