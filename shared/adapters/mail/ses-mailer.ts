import type { SESClient } from '@aws-sdk/client-ses';
import { SendEmailCommand } from '@aws-sdk/client-ses';
import type { Mailer, SignInMail } from '../../ports/mailer';

const render = (mail: SignInMail): { subject: string; text: string } =>
  mail.kind === 'otp_code'
    ? {
        subject: 'Your sign-in code',
        text: `Your sign-in code is ${mail.code}. It expires soon; do not share it.`,
      }
    : {
        subject: 'Your sign-in link',
        text: `Open this link to sign in: ${mail.url}\nIt expires soon; do not share it.`,
      };

export const sesMailer = (client: SESClient, from: string): Mailer => ({
  async sendSignIn(mail) {
    const { subject, text } = render(mail);
    await client.send(
      new SendEmailCommand({
        Source: from,
        Destination: { ToAddresses: [mail.email] },
        Message: {
          Subject: { Data: subject, Charset: 'UTF-8' },
          Body: { Text: { Data: text, Charset: 'UTF-8' } },
        },
      }),
    );
  },
});
