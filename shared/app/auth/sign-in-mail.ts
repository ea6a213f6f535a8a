import type { Deps } from '../deps';
import type { SignInLetter } from '../../ports/mailer';
import * as z from '../../validation/z';

/** A sign-in letter as it travels on its queue (shared/ports/mailer.ts). */
export const signInLetter = z.object({
  mail: z.nullable(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('otp_code'), email: z.string(), code: z.string() }),
      z.object({ kind: z.literal('magic_link'), email: z.string(), token: z.string(), url: z.string() }),
    ]),
  ),
  expiresAtMs: z.number(),
}) satisfies z.ZodMiniType<SignInLetter>;

export type SignInMailOutcome = 'sent' | 'empty' | 'expired';

/**
 * The sign-in mail worker's one step: sends the letter's mail, unless it is empty (an address
 * without an account) or its code or link has expired meanwhile (a late or redelivered letter:
 * mailing a dead code helps no one). A send that fails throws, and the letter comes back.
 */
export const sendSignInLetter = async (
  deps: Pick<Deps, 'mailer' | 'clock'>,
  letter: SignInLetter,
): Promise<SignInMailOutcome> => {
  if (letter.mail === null) return 'empty';
  if (deps.clock.now().getTime() >= letter.expiresAtMs) return 'expired';
  await deps.mailer.sendSignIn(letter.mail);
  return 'sent';
};
