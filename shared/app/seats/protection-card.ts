import { effectiveStatus, type ConsentRequest } from '../../domain/consent/consent-request';
import { deriveProtection } from '../../domain/consent/protection';
import { memberView, type Member } from '../../domain/family/member';
import { pauseView } from '../../domain/family/pause';
import { weekOf } from '../../domain/family/week';
import { defaultPreferences, type Channels } from '../../domain/notifications/preferences';
import type { Caller, Deps } from '../deps';
import { seatFor } from '../family-access';

/**
 * `GET /seats/{uid}/protection`: the seat's card, from the family read alone: the derived state, the
 * consent, the connection, the pause, who receives the seat's warnings (by the name of their
 * profile) and on which channels (their `alerts` preferences, copied on their member items), the
 * week and the open alerts. The person's own view is shared/app/consent/protection.ts.
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
