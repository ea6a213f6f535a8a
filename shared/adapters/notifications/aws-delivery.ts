import { SendEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { NotificationType } from '../../domain/notifications/notification';
import type { DeliveryRefusal, NotificationDelivery, OutgoingNotification } from '../../ports/notifications';

/** What a guardian reads: the kind of warning only; the app shows the rest after sign-in. */
const subjects: Record<NotificationType, string> = {
  'pairing.disconnected': 'Protection disconnected',
  'pairing.identity_mismatch': 'A different number tried to connect',
  'pairing.reconnect_required': 'Reconnect needed',
  'history.offered': 'A history read can start now',
  'alert.opened': 'A new alert needs your attention',
  'alert.escalated': 'An alert became serious',
  'consent.given': 'Consent given',
  'consent.declined': 'Consent declined',
  'consent.stopped': 'Protection stopped by the person',
  'consent.undelivered': 'The consent link did not reach the person',
  'trial.started': 'Your free trial started',
  'trial.ending': 'Your free trial ends tomorrow',
};

/** The subject with the person's first name, when the notification is about a person. */
export const subjectOf = (notification: OutgoingNotification): string =>
  notification.personFirstName === null
    ? subjects[notification.type]
    : `${subjects[notification.type]}: ${notification.personFirstName}`;

/**
 * The push payload: type, category, first name and ids, for the app to open the right screen; the
 * same body for both platforms (`MessageStructure: json` would tailor it, never with more content).
 */
export const pushMessageOf = (notification: OutgoingNotification): string =>
  JSON.stringify({
    id: notification.id,
    type: notification.type,
    category: notification.category,
    seatUid: notification.seatUid,
    personFirstName: notification.personFirstName,
    title: subjectOf(notification),
  });

/**
 * E-mail through SES and push through SNS to each device's platform endpoint. Both carry the type,
 * the category and the person's first name, never content.
 */
export const awsDelivery = (
  clients: { ses: SESClient; sns: SNSClient },
  settings: { from: string; onRefused?: (refusal: DeliveryRefusal) => void },
): NotificationDelivery => ({
  async deliver(notification, recipients) {
    const subject = subjectOf(notification);
    const push = pushMessageOf(notification);
    const sends = recipients.flatMap((recipient) => [
      ...(recipient.email === null
        ? []
        : [
            {
              channel: 'email' as const,
              userUid: recipient.userUid,
              sent: clients.ses.send(
                new SendEmailCommand({
                  Source: settings.from,
                  Destination: { ToAddresses: [recipient.email] },
                  Message: {
                    Subject: { Data: subject, Charset: 'UTF-8' },
                    Body: {
                      Text: { Data: `${subject}. Open the app to see what to do.`, Charset: 'UTF-8' },
                    },
                  },
                }),
              ),
            },
          ]),
      ...recipient.pushEndpoints.map((endpointArn) => ({
        channel: 'push' as const,
        userUid: recipient.userUid,
        sent: clients.sns.send(new PublishCommand({ TargetArn: endpointArn, Message: push })),
      })),
    ]);
    const settled = await Promise.allSettled(sends.map((send) => send.sent));
    settled.forEach((outcome, index) => {
      const send = sends[index];
      if (outcome.status === 'fulfilled' || send === undefined) return;
      const error = outcome.reason instanceof Error ? outcome.reason.name : 'error';
      settings.onRefused?.({ channel: send.channel, userUid: send.userUid, error });
    });
  },
});
