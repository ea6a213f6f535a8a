import { logMailer } from '../../../shared/adapters/mail/log-mailer';
import type { Mailer } from '../../../shared/ports/mailer';
import { settings } from '../runtime';

let loading: Promise<Mailer> | undefined;

const load = (): Promise<Mailer> =>
  (loading ??= (async () =>
    settings.MAIL_DELIVERY === 'log'
      ? logMailer()
      : (await import('./ses-mail.mjs')).sesMail({
          region: settings.AWS_REGION,
          from: settings.MAIL_FROM,
        }))().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));

/**
 * The mailer of a request that may send mail. Only the auth group sends mail, so only its asset
 * carries the SES client, in a chunk beside the handler: it starts loading here, while the request
 * counts its limits and reads the table, and a failure to load surfaces when a mail is sent.
 */
export const mailer = (): Mailer => {
  load().catch(() => undefined);
  return { sendSignIn: async (mail) => (await load()).sendSignIn(mail) };
};
