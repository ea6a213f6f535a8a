import { seatOf } from '../../domain/family/account';
import { trialEndingStands, type TrialEnding } from '../../domain/family/trial-ending';
import { accountUidOfSeat } from '../../domain/family/uids';
import { newNotification } from '../../domain/notifications/notification';
import type { Deps } from '../deps';
import { retryOnConflict } from '../retry-on-conflict';
import { notifyFamily, type NotifyDeps } from './notify';

export type TrialEndingOutcome = 'notified' | 'stale' | 'duplicate';

/** How long a sent notice is remembered past the trial's end: longer than any schedule retries. */
const REMEMBERED_SECONDS = 7 * 24 * 60 * 60;

/**
 * The trial-ending schedule's target: `trial.ending` to the family's guardians, as their preferences
 * allow. A schedule for a seat that ended, for another trial end, or fired after the end is stale;
 * a schedule that fires twice is a duplicate: the notice is written with a handled mark of its own
 * (only if absent, like a provider event), so it goes once.
 */
export const handleTrialEnding = (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'> & NotifyDeps,
  fired: TrialEnding,
): Promise<TrialEndingOutcome> => {
  const handled = `trial-ending:${fired.seatUid}:${fired.trialEndsAt}`;
  return retryOnConflict(async () => {
    if (await deps.families.handledProviderEvent(handled)) return 'duplicate';
    const now = deps.clock.now();
    const family = await deps.families.load(accountUidOfSeat(fired.seatUid) ?? '');
    const seat = family === null ? undefined : seatOf(family, fired.seatUid);
    if (family === null || !trialEndingStands(seat, fired, now)) return 'stale';
    const notification = newNotification({
      id: deps.ids.ulid(),
      type: 'trial.ending',
      seatUid: seat.uid,
      now,
    });
    await notifyFamily(deps, family, [notification], (inbox) =>
      deps.families.saveSeat(seat, [], {
        notifications: inbox,
        providerEvent: {
          id: handled,
          expiresAtSeconds: Math.floor(Date.parse(fired.trialEndsAt) / 1000) + REMEMBERED_SECONDS,
        },
      }),
    );
    return 'notified';
  });
};
