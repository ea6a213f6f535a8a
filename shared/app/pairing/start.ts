import { fail } from '../../domain/errors';
import type { Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import {
  guardianPairingView,
  newPairing,
  personPairingView,
  sessionMetadata,
  type Pairing,
  type PairingMethod,
} from '../../domain/pairing/pairing';
import { checkPairingStart } from '../../domain/pairing/pairing-start';
import type { Caller, Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { seatFor, type SeatAccess } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { personLinkAccess } from '../person-link';
import { endSession } from './sessions';
import { catchUpMessage } from './catch-up';

type StartDeps = Pick<
  Deps,
  | 'families'
  | 'users'
  | 'ids'
  | 'clock'
  | 'settings'
  | 'sessions'
  | 'sessionEnds'
  | 'proxies'
  | 'sessionEvents'
>;

/** The phones guardians gave in their profiles: the person's must differ from each. */
const guardianPhones = async (deps: Pick<Deps, 'users'>, family: Family): Promise<string[]> => {
  const users = await Promise.all(family.members.map((member) => deps.users.get(member.userUid)));
  return users.flatMap((user) => (user?.phone == null ? [] : [user.phone]));
};

/**
 * Starts a pairing: the preconditions in their fixed order, then a proxy slot (the last check), then
 * the session at the provider, then the pairing saved with its events. A slot taken for a pairing
 * that could not be saved is given back; when the seat moved meanwhile, the start is decided again
 * on a fresh read (a concurrent start then answers `PAIRING_EXISTS`). Once saved, the worker is
 * asked to catch up with the session's first statuses (./catch-up.ts).
 */
const beginPairing = async (
  deps: StartDeps,
  access: SeatAccess,
  method: PairingMethod,
  requestedBy: Pairing['requestedBy'],
): Promise<Seat> => {
  const saved = await savedStart(deps, access, method, requestedBy);
  // Without the catch-up the provider's next QR rotation brings the challenge: a failed send delays it.
  await deps.sessionEvents.send([catchUpMessage(saved.pairing as Pairing, saved.uid)]).catch(() => undefined);
  return saved;
};

/** The start up to the saved pairing (see `beginPairing`). */
const savedStart = (
  deps: StartDeps,
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
    if (seat.dependent?.phone == null) throw fail('DEPENDENT_INCOMPLETE');
    const proxy = await deps.proxies.bind();
    if (proxy === null) throw fail('NO_PROXY_CAPACITY');
    const pairing = newPairing({
      pairingId: deps.ids.ulid(),
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
        metadata: sessionMetadata(pairing, seat.uid),
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
      // The session may exist at the provider (its answer lost, or the save failed): its end is
      // queued like any other. The start's own failure is what the caller hears, whatever the queue says.
      await endSession(deps, pairing.sessionName).catch(() => {
        throw error;
      });
      throw error;
    }
  });

/** `POST /seats/{uid}/pairing` (guardian): `{ channel: chat, method }`; 201 with the pairing. */
export const startPairing = async (
  deps: StartDeps,
  caller: Caller,
  seatUid: string,
  method: PairingMethod,
) => {
  const saved = await beginPairing(deps, () => seatFor(deps, caller, seatUid), method, 'guardian');
  return guardianPairingView(saved.pairing as Pairing);
};

/** `POST /consent-requests/{token}/pairing`: the code path; 201 with the pairing the person sees. */
export const startPersonPairing = async (
  deps: StartDeps & Pick<Deps, 'hasher' | 'rateLimiter'>,
  token: string,
  ip: string,
) => {
  const saved = await beginPairing(
    deps,
    await personLinkAccess(deps, 'start', token, ip),
    'code',
    'dependent',
  );
  return personPairingView(saved.pairing as Pairing);
};
