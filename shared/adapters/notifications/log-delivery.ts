import type { NotificationDelivery } from '../../ports/notifications';

/**
 * Development delivery (`NOTIFY_DELIVERY=log`, docs/local-stack.md): one JSON line per e-mail and per
 * push endpoint, with the type, category, severity and seat only, as the real messages carry (the
 * person's first name stays out of the log).
 */
export const logDelivery = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): NotificationDelivery => ({
  async deliver(notification, recipients) {
    const line = (channel: 'email' | 'push', userUid: string, endpoint?: string) =>
      write(
        JSON.stringify({
          level: 'INFO',
          msg: 'notification.dev_delivery',
          channel,
          notificationId: notification.id,
          type: notification.type,
          category: notification.category,
          severity: notification.severity,
          seatUid: notification.seatUid,
          userUid,
          ...(endpoint === undefined ? {} : { endpoint }),
          time: new Date().toISOString(),
        }),
      );
    for (const recipient of recipients) {
      if (recipient.email !== null) line('email', recipient.userUid);
      for (const endpoint of recipient.pushEndpoints) line('push', recipient.userUid, endpoint);
    }
  },
});
