import { seatOf } from '../../domain/family/account';
import { accountUidOfSeat } from '../../domain/family/uids';
import { expectRestart, movePairing, sessionMetadata } from '../../domain/pairing/pairing';
import { isOpenPairing } from '../../domain/pairing/pairing.transitions';
import { bindingOrder } from '../../domain/pairing/proxy';
import type { Deps } from '../deps';
import type { NotifyDeps } from '../notifications/notify';
import { planPairingChange, savePairingPlan } from '../pairing/pairing-changes';
import { endSession } from '../pairing/sessions';
import { retryOnConflict } from '../retry-on-conflict';
import type { ProxyBurn } from './pool';

export type BurnDeps = Pick<
  Deps,
  'families' | 'proxies' | 'sessions' | 'sessionEnds' | 'ids' | 'clock' | 'settings'
> &
  NotifyDeps;

/** What became of one session bound to the burned address. */
export type SessionMove = 'moved' | 'reconnect_required' | 'not_bound';

/**
 * Moves one seat's session off a burned address: to the address with most room, or, when none has
 * any, the pairing ends (`proxy_burned`: guardians told to pair again, the session removed).
 *
 * The pairing first records that it expects the restart (`expectRestart`): WAHA's update stops and
 * starts a running session, and its `STOPPED` (then `STARTING`) may be handled before anything else
 * is written; read as a drop it would degrade a paired session, or cancel a pairing showing its
 * code. Then the provider is told (the whole config with the new proxy, once per address whatever
 * the retries), and only then the seat is written, in ONE transaction with the new address's slot
 * taken (only while it has room) and the burned one's given back. A crash anywhere leaves either no
 * slot moved (the message comes back and the move is made again, perhaps to another address: the
 * provider is told again) or the whole move (the seat no longer names the burned address: nothing to
 * do). No slot is ever counted twice or lost. A new address that filled meanwhile, or a seat that
 * moved, fails the transaction: it is read and decided again.
 */
export const moveSessionOffProxy = (
  deps: BurnDeps,
  seatUid: string,
  burned: string,
): Promise<SessionMove> => {
  const told = new Set<string>();
  return retryOnConflict(async () => {
    const accountUid = accountUidOfSeat(seatUid);
    const family = accountUid === null ? null : await deps.families.load(accountUid);
    const seat = family === null ? undefined : seatOf(family, seatUid);
    const pairing = seat?.pairing ?? null;
    if (family === null || seat === undefined || pairing === null) return 'not_bound';
    if (!isOpenPairing(pairing.status) || pairing.proxyLabel !== burned) return 'not_bound';
    const now = deps.clock.now();
    const [target] = bindingOrder(await deps.proxies.list());
    if (target === undefined) {
      const move = movePairing(pairing, 'proxy_burned', now);
      if (move === null) return 'not_bound';
      await savePairingPlan(deps, family, planPairingChange(deps, 'workers', family, seat, [move]));
      await endSession(deps, pairing.sessionName);
      return 'reconnect_required';
    }
    let current = seat;
    if (!told.has(target.label)) {
      const at = now.toISOString();
      current = await deps.families.saveSeat(
        { ...seat, pairing: expectRestart(pairing, now), updatedAt: at },
        [],
      );
      await deps.sessions.changeProxy({
        name: pairing.sessionName,
        proxyUrl: target.address,
        metadata: sessionMetadata(pairing, seat.uid),
      });
      told.add(target.label);
    }
    const at = now.toISOString();
    await deps.families.saveSeat(
      {
        ...current,
        pairing: { ...(current.pairing ?? pairing), proxyLabel: target.label, updatedAt: at },
        updatedAt: at,
      },
      [],
      { takeProxy: target.label, releaseProxy: burned },
    );
    return 'moved';
  });
};

/**
 * The burn worker's message: every session bound to the burned address is moved off it. The
 * bindings are read from an index (eventually consistent), so the address's own count has the last
 * word: while it still counts a binding (a pairing started just before the burn, not yet in the
 * index), the message fails and comes back later. An address no longer burned (retired: empty by
 * then) or unknown asks nothing.
 */
export const moveOffBurnedProxy = async (
  deps: BurnDeps,
  burn: ProxyBurn,
): Promise<{ moved: number; reconnectRequired: number }> => {
  const counts = { moved: 0, reconnectRequired: 0 };
  const proxy = (await deps.proxies.list()).find((known) => known.label === burn.label);
  if (proxy?.status !== 'burned') return counts;
  for (const binding of await deps.proxies.bindings(burn.label)) {
    const outcome = await moveSessionOffProxy(deps, binding.seatUid, burn.label);
    if (outcome === 'moved') counts.moved += 1;
    if (outcome === 'reconnect_required') counts.reconnectRequired += 1;
  }
  const after = (await deps.proxies.list()).find((known) => known.label === burn.label);
  if (after !== undefined && after.bound > 0)
    throw new Error(`proxy ${burn.label} still counts ${after.bound} binding(s); trying again later`);
  return counts;
};
