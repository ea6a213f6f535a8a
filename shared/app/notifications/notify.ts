import { seatOf, type Family } from '../../domain/family/account';
import type { Notification } from '../../domain/notifications/notification';
import { channelsOf } from '../../domain/notifications/preferences';
import type { OutgoingNotification, Recipient } from '../../ports/notifications';
import type { InboxNotice } from '../../ports/stores';
import type { Deps } from '../deps';
import { firstName } from '../../domain/family/dependent';

export type NotifyDeps = Pick<Deps, 'notificationSettings' | 'notifier'>;

/** What e-mail and push say: the type, its category and the person's first name. */
const outgoing = (family: Family, notification: Notification): OutgoingNotification => {
  const dependent =
    notification.seatUid === null ? null : (seatOf(family, notification.seatUid)?.dependent ?? null);
  return {
    id: notification.id,
    type: notification.type,
    category: notification.category,
    severity: notification.severity,
    seatUid: notification.seatUid,
    personFirstName: dependent === null ? null : firstName(dependent.name),
  };
};

/**
 * The one way a change notifies the family's guardians, whoever the sender: every member's
 * preferences read at once (one batch read), the inbox entries their preferences (or the type's
 * criticality) allow handed to `commit` to write in the change's own transaction, and once it is
 * written the e-mails and pushes they allow. Nothing is read or sent when the change notifies no one.
 */
export const notifyFamily = async <T>(
  deps: NotifyDeps,
  family: Family,
  notifications: readonly Notification[],
  commit: (inbox: readonly InboxNotice[]) => Promise<T>,
): Promise<T> => {
  if (notifications.length === 0) return commit([]);
  const settings = await deps.notificationSettings.getMany(family.members.map((member) => member.userUid));
  const addressed = notifications.map((notification) => ({
    notification,
    recipients: family.members.flatMap((member) => {
      const chosen = settings.get(member.userUid);
      if (chosen === undefined) return [];
      return [{ member, devices: chosen.devices, channels: channelsOf(chosen.preferences, notification) }];
    }),
  }));
  const result = await commit(
    addressed.map(({ notification, recipients }) => ({
      value: notification,
      recipients: recipients.filter((one) => one.channels.inbox).map((one) => one.member.userUid),
    })),
  );
  for (const { notification, recipients } of addressed) {
    const reached = recipients
      .map(({ member, devices, channels }): Recipient => ({
        userUid: member.userUid,
        email: channels.email ? member.email : null,
        pushEndpoints: channels.push ? devices.map((device) => device.endpointArn) : [],
      }))
      .filter((recipient) => recipient.email !== null || recipient.pushEndpoints.length > 0);
    if (reached.length > 0) await deps.notifier.deliver(outgoing(family, notification), reached);
  }
  return result;
};
