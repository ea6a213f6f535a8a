/** What reaches a person's inbox. Codes and tokens travel only through this port. */
export type SignInMail =
  | { kind: 'otp_code'; email: string; code: string }
  | { kind: 'magic_link'; email: string; token: string; url: string };

export interface Mailer {
  sendSignIn(mail: SignInMail): Promise<void>;
}

/**
 * One sign-in request's mail, handed over to be sent after the request is answered: `mail` is null
 * when nobody receives one (an address without an account), and `expiresAtMs` is its code's or
 * link's expiry, past which sending it is pointless.
 */
export interface SignInLetter {
  mail: SignInMail | null;
  expiresAtMs: number;
}

/**
 * Where sign-in requests leave their letter. Every request posts exactly one, with or without a
 * mail in it, so a request does the same work and takes the same time whoever owns the address.
 */
export interface SignInOutbox {
  post(letter: SignInLetter): Promise<void>;
}
