import { fail } from '../../domain/errors';
import {
  guardianPairingView,
  movePairing,
  renewalMethod,
  type Pairing,
  type PairingMethod,
  type StoredChallenge,
} from '../../domain/pairing/pairing';
import type { Caller, Deps } from '../deps';
import { seatFor } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { planPairingChange, savePairingPlan } from './pairing-changes';
import type { NotifyDeps } from '../notifications/notify';

/**
 * The challenge the provider can give now: the QR, or a code for the person's phone. A session that
 * is not yet waiting for a link gives none; its QR then arrives with the provider's next status.
 */
export const fetchChallenge = async (
  deps: Pick<Deps, 'sessions' | 'settings' | 'clock'>,
  pairing: Pairing,
  phone: string,
  method: PairingMethod = pairing.method,
): Promise<StoredChallenge | null> => {
  const now = deps.clock.now().getTime();
  if (method === 'code') {
    const code = await deps.sessions.requestCode(pairing.sessionName, phone.replace(/^\+/, ''));
    if (code.kind === 'not_running') return null;
    const expiresAt = new Date(now + deps.settings.pairing.codeTtlSeconds * 1000).toISOString();
    return { kind: 'code', value: code.value, confirmation: null, expiresAt };
  }
  const qr = await deps.sessions.qr(pairing.sessionName);
  // The provider's first QR lives 60 s, later ones 20 s: the shorter is the honest promise.
  return qr.kind === 'not_running'
    ? null
    : { kind: 'qr', value: qr.value, confirmation: null, expiresAt: new Date(now + 20_000).toISOString() };
};

/**
 * `POST /seats/{uid}/pairing/challenge`: a fresh QR or code for the open pairing, switching
 * the method while nothing was typed or scanned.
 */
export const renewChallenge = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock' | 'settings' | 'sessions'> & NotifyDeps,
  caller: Caller,
  seatUid: string,
  method: PairingMethod | undefined,
) =>
  retryOnConflict(async () => {
    const { family, seat } = await seatFor(deps, caller, seatUid);
    const chosen = renewalMethod(seat.pairing, method);
    const pairing = { ...(seat.pairing as Pairing), method: chosen };
    const challenge = await fetchChallenge(deps, pairing, seat.dependent?.phone ?? '', chosen);
    if (challenge === null) {
      // The provider is not waiting for a link yet: the method is kept and the challenge follows.
      const saved = await deps.families.saveSeat(
        { ...seat, pairing, updatedAt: deps.clock.now().toISOString() },
        [],
      );
      return guardianPairingView(saved.pairing as Pairing);
    }
    const move = movePairing(pairing, 'challenge_arrived', deps.clock.now(), { challenge });
    if (move === null) throw fail('PAIRING_NOT_SWITCHABLE');
    const plan = planPairingChange(deps, 'api', family, seat, [move]);
    const saved = await savePairingPlan(deps, family, plan);
    return guardianPairingView(saved.pairing as Pairing);
  });
