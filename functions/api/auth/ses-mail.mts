import { SESClient } from '@aws-sdk/client-ses';
import { sesMailer } from '../../../shared/adapters/mail/ses-mailer';
import type { Mailer } from '../../../shared/ports/mailer';

/**
 * Sign-in mail through SES. Bundled as a file of its own beside the auth handler
 * (infra/constructs/bundling.ts): a mailing request loads it while it reads the table, and a
 * verify never does.
 */
export const sesMail = (options: { region: string; from: string }): Mailer =>
  sesMailer(new SESClient({ region: options.region }), options.from);
