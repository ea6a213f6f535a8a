import { SendEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { Notification } from '../../domain/notifications/notification';
import type { NotificationDelivery } from '../../ports/notifications';

/** What a guardian reads: the kind of warning only; the app shows the rest after sign-in. */
const subjects: Record<Notification['type'], string> = {
  'pairing.disconnected': 'Protection disconnected',
  'pairing.identity_mismatch': 'A different number tried to connect',
  'pairing.reconnect_required': 'Reconnect needed',
  'alert.opened': 'A new alert needs your attention',
  'alert.escalated': 'An alert became serious',
};

/**
 * E-mail through SES and push through an SNS topic the app's devices subscribe to (filtered by the
 * `userUid` attribute). Both carry the type and the seat, never content.
 */
export const awsDelivery = (
  clients: { ses: SESClient; sns: SNSClient },
  settings: { from: string; topicArn: string },
): NotificationDelivery => ({
  async deliver(notification, recipients) {
    const subject = subjects[notification.type];
    await Promise.all(
      recipients.flatMap((recipient) => [
        clients.ses.send(
          new SendEmailCommand({
            Source: settings.from,
            Destination: { ToAddresses: [recipient.email] },
            Message: {
              Subject: { Data: subject, Charset: 'UTF-8' },
              Body: { Text: { Data: `${subject}. Open the app to see what to do.`, Charset: 'UTF-8' } },
            },
          }),
        ),
        clients.sns.send(
          new PublishCommand({
            TopicArn: settings.topicArn,
            Message: JSON.stringify({
              type: notification.type,
              seatUid: notification.seatUid,
              id: notification.id,
            }),
            MessageAttributes: {
              userUid: { DataType: 'String', StringValue: recipient.userUid },
              type: { DataType: 'String', StringValue: notification.type },
            },
          }),
        ),
      ]),
    );
  },
});
