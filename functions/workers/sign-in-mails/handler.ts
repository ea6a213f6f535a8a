import { sendSignInLetter, signInLetter } from '../../../shared/app/auth/sign-in-mail';
import { logger, signInMailsWiring } from '../../composition/workers';
import { queueWorker } from '../queue-worker';

const { deps } = signInMailsWiring();

/**
 * The sign-in mail sender: one letter per message, posted by `POST /auth/otp/request` and
 * `/auth/otp/resend` after they answered. Logs the outcome only: never the address, the code or
 * the link, and not whether the letter was empty (that would say which addresses have accounts).
 */
export const handler = queueWorker(logger, {
  log: 'sign_in_mail',
  body: signInLetter,
  run: async (letter) => ({
    outcome: (await sendSignInLetter(deps, letter)) === 'expired' ? 'expired' : 'done',
  }),
});
