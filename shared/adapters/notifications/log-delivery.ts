import type { NotificationDelivery } from '../../ports/notifications';

/**
 * Development delivery (`NOTIFY_DELIVERY=log`, docs/local-stack.md): one JSON line per channel and
 * recipient, with the type, severity and seat only, as the real messages carry.
 */
export const logDelivery = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): NotificationDelivery => ({
  async deliver(notification, recipients) {
    for (const recipient of recipients) {
      for (const channel of ['email', 'push'] as const) {
        write(
          JSON.stringify({
            level: 'INFO',
            msg: 'notification.dev_delivery',
            channel,
            notificationId: notification.id,
            type: notification.type,
            severity: notification.severity,
            seatUid: notification.seatUid,
            userUid: recipient.userUid,
            time: new Date().toISOString(),
          }),
        );
      }
    }
  },
});
