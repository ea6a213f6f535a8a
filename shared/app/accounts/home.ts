import { importEta } from '../../domain/history/history-import';
import { alertView } from '../../domain/alerts/alert';
import { deriveProtection } from '../../domain/consent/protection';
import type { Family } from '../../domain/family/account';
import { onboarding } from '../../domain/family/onboarding';
import { byAge, type Seat } from '../../domain/family/seat';
import { weekOf } from '../../domain/family/week';
import type { Caller, Deps } from '../deps';
import { familyOf } from '../family-access';

/** How many open alerts the home screen lists; the rest are behind the alerts list. */
export const HOME_LATEST_ALERTS = 3;

/**
 * `GET /accounts/{uid}/home`: the home screen in one family read and one read of the caller's unread
 * counter. The family read already carries every seat with its open alerts and the week's day
 * tallies, so nothing else is asked of the store.
 */
export const getHome = async (
  deps: Pick<Deps, 'families' | 'inbox' | 'clock'>,
  caller: Caller,
  accountUid: string,
) => {
  const [{ family }, unread] = await Promise.all([
    familyOf(deps, caller, accountUid),
    deps.inbox.unread(caller.userUid),
  ]);
  const now = deps.clock.now();
  const { nextStep, nextSeatUid, complete } = onboarding(family.seats, now);
  const shown = family.seats.filter((seat) => seat.status !== 'archived').toSorted(byAge);
  const open = shown.flatMap((seat) => seat.openAlerts);
  return {
    account: { uid: family.account.uid, name: family.account.name },
    onboarding: { nextStep, nextSeatUid, complete },
    people: shown.map((seat) => personOnHome(family, seat, now)),
    alerts: {
      open: open.length,
      latest: open
        .toSorted((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
        .slice(0, HOME_LATEST_ALERTS)
        .map(alertView),
    },
    notifications: { unread },
  };
};

/** The seat's first history read as home shows it; null before it joined the queue (or after a later import replaced it). */
const warmupOf = (seat: Seat, now: Date) => {
  const first = seat.historyImport;
  if (first === null || !first.first) return null;
  return { status: first.status, startedAt: first.startedAt, etaAt: importEta(first, now) };
};

const personOnHome = (family: Family, seat: Seat, now: Date) => ({
  seatUid: seat.uid,
  name: seat.dependent?.name ?? null,
  kind: seat.dependent?.kind ?? null,
  seatStatus: seat.status,
  protection: deriveProtection(seat, now),
  connection:
    seat.pairing === null ? null : { status: seat.pairing.status, lastSeenAt: seat.pairing.lastSeenAt },
  week: weekOf(seat, family.dayTallies ?? [], now),
  warmup: warmupOf(seat, now),
  alerts: { open: seat.openAlerts.length },
});
