import { effectiveStatus } from '../../domain/consent/consent-request';
import { excerptViewsOf } from '../../domain/alerts/excerpt-views';
import { personProtection } from '../../domain/consent/protection';
import { stopByDependent } from '../../domain/consent/seat-consent';
import { fail } from '../../domain/errors';
import { newNotification } from '../../domain/notifications/notification';
import type { Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { findLink } from '../link-access';
import { notifyFamily } from '../notifications/notify';
import { endSession } from '../pairing/sessions';
import { revokePairing } from '../pairing/unlink';
import { dataKeyChange } from '../seats/data-keys';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { answerOnLink, countLinkBudget, type AnsweringDeps, type PersonDeps } from './page';

/** The protection a consent gives, as the person sees it: their view and their stop (the guardians' card is shared/app/seats/protection-card.ts). */

/**
 * `GET /consent-requests/{token}/protection`: the person's view of their protection, behind a given
 * consent only. A link that a newer given consent replaced says so; any other link without a given
 * consent behind it (never given, declined, expired, or stopped by the person) says that.
 */
export const readPersonProtection = async (deps: PersonDeps, token: string, ip: string) => {
  await countLinkBudget(deps, 'read', token, ip);
  const now = deps.clock.now();
  const opened = await findLink(deps, token);
  const status = opened.seat.consent === null ? null : effectiveStatus(opened.seat.consent, now);
  if (!opened.current) throw fail(status === 'given' ? 'PROTECTION_LINK_REPLACED' : 'CONSENT_NOT_GIVEN');
  if (status !== 'given') throw fail('CONSENT_NOT_GIVEN');
  const { state, reason, since } = personProtection(opened.seat, now);
  // A given consent can always be stopped: the page shows its Stop button. The excerpt reads of the
  // last 30 days come from the same family read: how many and when, never what or by whom.
  const excerptViews = excerptViewsOf(opened.family.excerptViews ?? [], opened.seat.uid, now);
  return { state, reason, since, canStop: true, excerptViews };
};

/**
 * `POST /consent-requests/{token}/stop`: the person stops protection; the seat key is destroyed and
 * an open pairing is revoked in the same transaction, then its session is ended at the provider.
 * The answer is the page with the request now `revoked`.
 */
export const stopProtection = (deps: AnsweringDeps & Pick<Deps, 'sessionEnds'>, token: string, ip: string) =>
  answerOnLink(deps, token, ip, async (opened, now) => {
    const stopped = stopByDependent(opened.seat, now, deps.settings.consent);
    const revoke = revokePairing(deps, opened.family, stopped, 'stopped_by_dependent');
    const changed = revoke?.seat ?? stopped;
    const notifications = [
      newNotification({ id: deps.ids.ulid(), type: 'consent.stopped', seatUid: changed.uid, now }),
      ...(revoke?.notifications ?? []),
    ];
    const saved = await notifyFamily(deps, opened.family, notifications, (inbox) =>
      deps.families.saveSeat(
        changed,
        [
          apiEvent(deps, {
            type: 'consent.revoked',
            accountId: changed.accountUid,
            seat: seatRef(changed),
            payload: { by: 'dependent' },
          }),
          ...(revoke?.events.filter((event) => event.type !== 'seat.state_changed') ?? []),
          ...stateChangeEvents(deps, opened.seat, changed),
        ],
        { ...revoke?.extras, notifications: inbox, ...dataKeyChange(opened.seat, changed) },
      ),
    );
    const ended = revoke === null ? null : opened.seat.pairing;
    return { saved, ...(ended === null ? {} : { after: () => endSession(deps, ended.sessionName) }) };
  });
