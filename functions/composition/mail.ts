import { SESClient } from '@aws-sdk/client-ses';
import { logMailer } from '../../shared/adapters/mail/log-mailer';
import { sesMailer } from '../../shared/adapters/mail/ses-mailer';
import { configFor, type Config } from '../../shared/config/config';
import type { Mailer } from '../../shared/ports/mailer';

/** Sign-in mail (the sign-in mail worker's only need): SES in AWS, a log line locally. Checked and built now. */
export const mailerOf = (settings: Config): Mailer => {
  const { mail } = configFor('mail');
  return mail.MAIL_DELIVERY === 'log'
    ? logMailer()
    : sesMailer(new SESClient({ region: settings.AWS_REGION }), mail.MAIL_FROM);
};
