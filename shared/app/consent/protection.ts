import { effectiveStatus, type ConsentRequest } from '../../domain/consent/consent-request';
import { memberView, type Member } from '../../domain/family/member';
import { pauseView } from '../../domain/family/pause';
import { weekOf } from '../../domain/family/week';
import { defaultPreferences, type Channels } from '../../domain/notifications/preferences';
import { excerptViewsOf } from '../../domain/alerts/excerpt-views';
import { deriveProtection, personProtection } from '../../domain/consent/protection';
import { stopByDependent } from '../../domain/consent/seat-consent';
import { fail } from '../../domain/errors';
import { newNotification } from '../../domain/notifications/notification';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { seatFor } from '../family-access';
import { findLink } from '../link-access';
import { notifyFamily } from '../notifications/notify';
import { endSession } from '../pairing/sessions';
import { revokePairing } from '../pairing/unlink';
import { dataKeyChange } from '../seats/data-keys';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { answerOnLink, countLinkBudget, type AnsweringDeps, type PersonDeps } from './page';

/** The protection a consent gives: the guardians' card, the person's view, and the person's stop. */

/**
 * `GET /seats/{uid}/protection`: the seat's card, from the family read alone: the derived state, the
 * consent, the connection, the pause, who receives the seat's warnings (by the name of their
 * profile) and on which channels (their `alerts` preferences, copied on their member items), the
 * week and the open alerts.
 */
export const getProtection = async (
  deps: Pick<Deps, 'families' | 'clock' | 'notificationSettings'>,
  caller: Caller,
  seatUid: string,
) => {
  const { family, member, seat } = await seatFor(deps, caller, seatUid);
  const now = deps.clock.now();
  const recipients = await recipientsOf(deps, family.members);
  const pairing = seat.pairing;
  return {
    seatUid: seat.uid,
    person: seat.dependent === null ? null : { name: seat.dependent.name, kind: seat.dependent.kind },
    protection: deriveProtection(seat, now),
    consent: seat.consent === null ? null : consentSummary(seat.consent, now),
    connection:
      pairing === null
        ? null
        : {
            channel: pairing.channel,
            status: pairing.status,
            pairedAt: pairing.pairedAt,
            lastSeenAt: pairing.lastSeenAt,
            nextRetryAt: pairing.nextRetryAt,
          },
    pause: pauseView(seat.pause),
    // The owner first, then the guardians in the order they joined.
    recipients: family.members
      .toSorted(
        (a, b) =>
          Number(b.role === 'owner') - Number(a.role === 'owner') || a.joinedAt.localeCompare(b.joinedAt),
      )
      .map((each) => {
        const recipient = recipients.get(each.userUid);
        return {
          memberUid: each.userUid,
          // A member who has not given a name yet is named by e-mail, as the member list shows it.
          name: recipient?.name ?? memberView(each, member).email,
          role: each.role,
          channels: recipient?.alertChannels ?? defaultPreferences().alerts,
        };
      }),
    week: weekOf(seat, family.dayTallies ?? [], now),
    alerts: { open: seat.openAlerts.length },
  };
};

/**
 * Each member's name and `alerts` channels: the copy on their member item (read with the family),
 * and for members written before the copy was kept, one batch read of their settings and profiles.
 */
const recipientsOf = async (deps: Pick<Deps, 'notificationSettings'>, members: readonly Member[]) => {
  const found = new Map<string, { name: string | null; alertChannels: Channels }>();
  const uncopied: string[] = [];
  for (const each of members) {
    if (each.name === undefined || each.alertChannels === undefined) uncopied.push(each.userUid);
    else found.set(each.userUid, { name: each.name, alertChannels: each.alertChannels });
  }
  if (uncopied.length === 0) return found;
  for (const [userUid, read] of await deps.notificationSettings.recipients(uncopied))
    found.set(userUid, { name: read.name, alertChannels: read.settings.preferences.alerts });
  return found;
};

/** The consent as the card shows it: its status now, when it was given, and who ended it. */
const consentSummary = (consent: ConsentRequest, now: Date) => {
  const status = effectiveStatus(consent, now);
  return {
    status,
    givenAt: status === 'given' ? consent.decidedAt : null,
    revokedBy: status === 'revoked' ? consent.revokedBy : null,
  };
};

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
