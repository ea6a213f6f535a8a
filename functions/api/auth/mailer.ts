import { logMailer } from '../../../shared/adapters/mail/log-mailer';
import type { Mailer } from '../../../shared/ports/mailer';
import { settings } from '../runtime';

let building: Promise<Mailer> | undefined;

/** Only the auth group sends mail, so only its bundle carries the SES client, loaded on first use. */
export const mailer = (): Promise<Mailer> =>
  (building ??= (async () => {
    if (settings.MAIL_DELIVERY === 'log') return logMailer();
    const [{ SESClient }, { sesMailer }] = await Promise.all([
      import('@aws-sdk/client-ses'),
      import('../../../shared/adapters/mail/ses-mailer'),
    ]);
    return sesMailer(new SESClient({ region: settings.AWS_REGION }), settings.MAIL_FROM);
  })());
