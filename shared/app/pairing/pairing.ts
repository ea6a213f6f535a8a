import { fail } from '../../domain/errors';
import type { Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import {
  guardianPairingView,
  movePairing,
  newPairing,
  passkeyAnswer,
  personPairingView,
  renewalMethod,
  type Pairing,
  type PairingMethod,
  type StoredChallenge,
} from '../../domain/pairing/pairing';
import { checkPairingStart } from '../../domain/pairing/pairing-start';
import { isOpenPairing } from '../../domain/pairing/pairing.transitions';
import type { Caller, Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { seatFor } from '../family-access';
import { once, retryOnConflict } from '../retry-on-conflict';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { planPairingChange } from './pairing-changes';

type PairingDeps = Pick<Deps, 'families' | 'users' | 'ids' | 'clock' | 'settings' | 'sessions' | 'proxies'>;

/** The phones guardians gave in their profiles: the person's must differ from each. */
const guardianPhones = async (deps: Pick<Deps, 'users'>, family: Family): Promise<string[]> => {
  const users = await Promise.all(family.members.map((member) => deps.users.get(member.userUid)));
  return users.flatMap((user) => (user?.phone == null ? [] : [user.phone]));
};

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
    if (code === null) return null;
    const expiresAt = new Date(now + deps.settings.pairing.codeTtlSeconds * 1000).toISOString();
    return { kind: 'code', value: code, confirmation: null, expiresAt };
  }
  const qr = await deps.sessions.qr(pairing.sessionName);
  // The provider's first QR lives 60 s, later ones 20 s: the shorter is the honest promise.
  return qr === null
    ? null
    : { kind: 'qr', value: qr, confirmation: null, expiresAt: new Date(now + 20_000).toISOString() };
};

/** Where a command finds its family and seat: a guardian's access, or the person's live link. */
export type SeatAccess = () => Promise<{ family: Family; seat: Seat }>;

/**
 * Starts a pairing: the preconditions in the spec's order, then a proxy slot (the last check), then
 * the session at the provider, then the pairing saved with its events. A slot taken for a pairing
 * that could not be saved is given back; when the seat moved meanwhile, the start is decided again
 * on a fresh read (a concurrent start then answers `PAIRING_EXISTS`).
 */
const startPairing = (
  deps: PairingDeps,
  access: SeatAccess,
  method: PairingMethod,
  requestedBy: Pairing['requestedBy'],
): Promise<Seat> =>
  retryOnConflict(async () => {
    const { family, seat } = await access();
    const now = deps.clock.now();
    checkPairingStart(seat, now, {
      openPairing: seat.pairing?.status ?? null,
      guardianPhones: await guardianPhones(deps, family),
    });
    const phone = seat.dependent?.phone;
    if (phone == null) throw fail('DEPENDENT_INCOMPLETE');
    const proxy = await deps.proxies.bind();
    if (proxy === null) throw fail('NO_PROXY_CAPACITY');
    const pairing = newPairing({
      pairingId: deps.ids.ulid(),
      seatUid: seat.uid,
      method,
      requestedBy,
      proxyLabel: proxy.label,
      now,
    });
    const started: Seat = { ...seat, pairing, updatedAt: now.toISOString() };
    try {
      await deps.sessions.createSession({
        name: pairing.sessionName,
        proxyUrl: proxy.address,
        metadata: { pairingId: pairing.pairingId, seatUid: seat.uid, phone },
      });
      // The row "(none) → starting" of the table: no move, but a status the app must see.
      return await deps.families.saveSeat(started, [
        sourcedEvent(deps, 'api', {
          type: 'pairing.status',
          accountId: seat.accountUid,
          seat: seatRef(seat),
          payload: { status: pairing.status, nextRetryAt: null },
        }),
        ...stateChangeEvents(deps, seat, started),
      ]);
    } catch (error) {
      await deps.proxies.release(proxy.label);
      await endSession(deps, pairing.sessionName);
      throw error;
    }
  });

/** `POST /seats/{uid}/pairing` (guardian): `{ channel: chat, method }`; 201 with the pairing. */
export const startGuardianPairing = async (
  deps: PairingDeps,
  caller: Caller,
  seatUid: string,
  method: PairingMethod,
) => {
  const saved = await startPairing(deps, () => seatFor(deps, caller, seatUid), method, 'guardian');
  return guardianPairingView(saved.pairing as Pairing);
};

/** `GET /seats/{uid}/pairing`: the open pairing, or else the latest; 404 when there never was one. */
export const readGuardianPairing = async (deps: Pick<Deps, 'families'>, caller: Caller, seatUid: string) => {
  const { seat } = await seatFor(deps, caller, seatUid);
  if (seat.pairing === null) throw fail('NOT_FOUND', undefined, 'This seat has no pairing.');
  return guardianPairingView(seat.pairing);
};

/**
 * The number-match answer (guardian or person): `true` confirms at the provider (once, however
 * many times the write is retried) and moves to `connecting`; `false` ends the pairing as
 * `passkey_refused` and logs the session out.
 */
export const answerPasskey = (deps: PairingDeps, access: SeatAccess, matches: boolean) => {
  const confirm = once((sessionName: string) => deps.sessions.confirmPasskey(sessionName));
  return retryOnConflict(async () => {
    const { family, seat } = await access();
    const trigger = passkeyAnswer(seat.pairing, matches);
    const pairing = seat.pairing as Pairing;
    const move = movePairing(pairing, trigger, deps.clock.now());
    if (move === null) throw fail('PAIRING_NOT_AWAITING_CONFIRMATION');
    if (matches) await confirm(pairing.sessionName);
    const plan = planPairingChange(deps, 'api', family, seat, [move]);
    const saved = await deps.families.saveSeat(plan.seat, plan.events, plan.extras);
    if (plan.logout) await endSession(deps, pairing.sessionName);
    return saved.pairing as Pairing;
  });
};

export const guardianPasskey = async (deps: PairingDeps, caller: Caller, seatUid: string, matches: boolean) =>
  guardianPairingView(await answerPasskey(deps, () => seatFor(deps, caller, seatUid), matches));

/**
 * Ends a session at the provider after the pairing ended in the table. The table is the truth: a
 * provider that cannot be reached now leaves a session whose events are dropped as unknown.
 */
export const endSession = async (deps: Pick<Deps, 'sessions'>, sessionName: string) => {
  await deps.sessions.remove(sessionName).catch(() => undefined);
};

/** Revokes the seat's open pairing (unlink by a guardian, stop by the person). */
export const revokePairing = (
  deps: Pick<Deps, 'ids' | 'clock' | 'settings'>,
  family: Family,
  seat: Seat,
  because: 'unlinked_by_guardian' | 'stopped_by_dependent',
) => {
  if (seat.pairing === null || !isOpenPairing(seat.pairing.status)) return null;
  const move = movePairing(seat.pairing, 'revoked', deps.clock.now(), { revokedBecause: because });
  return move === null ? null : planPairingChange(deps, 'api', family, seat, [move]);
};

/** `DELETE /seats/{uid}/pairing`: always 204 on one's own seat; an open pairing becomes `revoked`. */
export const unlinkPairing = async (deps: PairingDeps, caller: Caller, seatUid: string) => {
  const revoked = await retryOnConflict(async () => {
    const { family, seat } = await seatFor(deps, caller, seatUid);
    const plan = revokePairing(deps, family, seat, 'unlinked_by_guardian');
    if (plan === null || seat.pairing === null) return null;
    await deps.families.saveSeat(plan.seat, plan.events, plan.extras);
    return seat.pairing;
  });
  if (revoked !== null) await endSession(deps, revoked.sessionName);
};

/**
 * The challenge renewal route (decisions.md): a fresh QR or code for the open pairing, switching
 * the method while nothing was typed or scanned.
 */
export const renewChallenge = async (
  deps: PairingDeps,
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
    const saved = await deps.families.saveSeat(plan.seat, plan.events, plan.extras);
    return guardianPairingView(saved.pairing as Pairing);
  });

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

/** The person's side reuses the same moves; their view shows the code itself. */
export const startPersonPairing = async (deps: PairingDeps, access: SeatAccess) => {
  const saved = await startPairing(deps, access, 'code', 'dependent');
  return personPairingView(saved.pairing as Pairing);
};
