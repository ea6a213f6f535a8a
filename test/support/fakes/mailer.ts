import type { Mailer, SignInLetter, SignInMail, SignInOutbox } from '../../../shared/ports/mailer';

/** The sign-in mails sent, in order. */
export const fakeMailer = (): Mailer & { sent: SignInMail[] } => {
  const sent: SignInMail[] = [];
  return {
    sent,
    sendSignIn: async (mail) => {
      sent.push(mail);
    },
  };
};

/** The letters posted for the sign-in mails' worker, in order. */
export const fakeSignInOutbox = (): SignInOutbox & { posted: SignInLetter[] } => {
  const posted: SignInLetter[] = [];
  return {
    posted,
    post: async (letter) => {
      posted.push(letter);
    },
  };
};
