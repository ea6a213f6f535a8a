/** What reaches a person's inbox. Codes and tokens travel only through this port. */
export type SignInMail =
  | { kind: 'otp_code'; email: string; code: string }
  | { kind: 'magic_link'; email: string; token: string; url: string };

export interface Mailer {
  sendSignIn(mail: SignInMail): Promise<void>;
}
