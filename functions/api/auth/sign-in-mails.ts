import { logMailer } from '../../../shared/adapters/mail/log-mailer';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import type { Mailer } from '../../../shared/ports/mailer';
import { settings } from '../runtime';

const { mail } = configFor('mail');

const load = lazy(async (): Promise<Mailer> =>
  mail.MAIL_DELIVERY === 'log'
    ? logMailer()
    : (await import('./ses-mail.mjs')).sesMail({ region: settings.AWS_REGION, from: mail.MAIL_FROM }),
);

/**
 * The mailer of a request that may send mail. Only the auth group sends mail, so only its asset
 * carries the SES client, in a chunk beside the handler: it starts loading here, while the request
 * counts its limits and reads the table, and a failure to load surfaces when a mail is sent.
 */
export const mailer = (): Mailer => {
  load().catch(() => undefined);
  return { sendSignIn: async (mail) => (await load()).sendSignIn(mail) };
};
