import {
  REPLACED_CODES_KEPT,
  type Delivery,
  type Intent,
  type MagicLink,
  type OtpChallenge,
  type OtpSubject,
} from '../../domain/auth/otp';
import { fail, isServiceError } from '../../domain/errors';
import { emailDomainVerdict, normaliseEmail } from '../../domain/people/email';
import { newUser } from '../../domain/users/user';
import type { SignInMail } from '../../ports/mailer';
import type { NewUser } from '../../ports/stores';
import type { Deps } from '../deps';
import { enforceRateLimits } from '../rate-limits';

export const OTP_DIGITS = 6;

/** The purposes of keyed hashes used in sign-in: one space of hashes each. */
export const hashPurpose = { email: 'email', code: 'otp-code', link: 'otp-link' } as const;

type SignInDeps = Pick<
  Deps,
  'clock' | 'ids' | 'hasher' | 'secrets' | 'signInMails' | 'users' | 'otp' | 'rateLimiter' | 'settings'
>;

export const emailHashOf = (deps: Pick<Deps, 'hasher'>, email: string): string =>
  deps.hasher.digest(hashPurpose.email, normaliseEmail(email));

const codeHash = (deps: Pick<Deps, 'hasher'>, requestId: string, code: string): string =>
  deps.hasher.digest(hashPurpose.code, `${requestId}:${code}`);

export const linkHashOf = (deps: Pick<Deps, 'hasher'>, token: string): string =>
  deps.hasher.digest(hashPurpose.link, token);

const mailBudgets = (deps: SignInDeps, email: string, ip: string) => [
  { rule: 'otp_request_email', identifier: email, limit: deps.settings.rates.otpRequestPerEmail },
  { rule: 'otp_mail_ip', identifier: ip, limit: deps.settings.rates.otpRequestPerIp },
];

/**
 * Issues a new challenge for the address, replacing the older one, and posts its letter (the
 * mail when someone can receive it). Every address gets the same answer; an address without an account (and no sign-up)
 * gets a challenge whose code is never sent, so its wrong attempts count like anyone's.
 */
const issueChallenge = async (
  deps: SignInDeps,
  fields: {
    email: string;
    emailHash: string;
    delivery: Delivery;
    subject: OtpSubject;
    previous: OtpChallenge | null;
    chainId?: string;
  },
): Promise<void> => {
  const now = deps.clock.now().getTime();
  const requestId = deps.ids.ulid();
  const code = fields.delivery === 'code' ? deps.secrets.numericCode(OTP_DIGITS) : null;
  const token =
    fields.delivery === 'link' && fields.subject.kind !== 'nobody' ? deps.secrets.urlToken() : null;
  const ttlSeconds =
    fields.delivery === 'code' ? deps.settings.otpTtlSeconds : deps.settings.otpLinkTtlSeconds;
  const previous = fields.previous;
  const replacedCodes =
    previous?.codeHash == null
      ? (previous?.replacedCodes ?? [])
      : [{ requestId: previous.requestId, codeHash: previous.codeHash }, ...previous.replacedCodes];
  const chainId = fields.chainId ?? requestId;
  const challenge: OtpChallenge = {
    requestId,
    chainId,
    delivery: fields.delivery,
    codeHash: code === null ? null : codeHash(deps, requestId, code),
    linkHash: token === null ? null : linkHashOf(deps, token),
    replacedCodes: replacedCodes.slice(0, REPLACED_CODES_KEPT),
    attempts: 0,
    expiresAtMs: now + ttlSeconds * 1000,
    usedAtMs: null,
    subject: fields.subject,
  };
  const link: MagicLink | null =
    token === null || fields.subject.kind === 'nobody'
      ? null
      : {
          linkHash: linkHashOf(deps, token),
          emailHash: fields.emailHash,
          requestId,
          chainId,
          expiresAtMs: challenge.expiresAtMs,
          usedAtMs: null,
          replacedAtMs: null,
          subject: fields.subject,
        };
  await deps.otp.replaceChallenge(fields.emailHash, challenge, link, previous?.linkHash ?? null, now);

  // One letter whoever owns the address (empty for nobody), sent by its worker after the answer:
  // neither the answer nor its timing tells whether the address has an account.
  const mail: SignInMail | null =
    fields.subject.kind === 'nobody'
      ? null
      : code !== null
        ? { kind: 'otp_code', email: fields.email, code }
        : token !== null
          ? {
              kind: 'magic_link',
              email: fields.email,
              token,
              url: `${deps.settings.otpLinkBaseUrl}?token=${encodeURIComponent(token)}`,
            }
          : null;
  await deps.signInMails.post({ mail, expiresAtMs: challenge.expiresAtMs });
};

/** `POST /auth/otp/request`: a code or link for the address; 202 `{ sent: true }` whatever the address. */
export const requestOtp = async (
  deps: SignInDeps,
  input: { email: string; delivery: Delivery; intent: Intent },
  ip: string,
): Promise<{ sent: true }> => {
  const email = normaliseEmail(input.email);
  if (input.intent === 'signup') {
    const verdict = emailDomainVerdict(email);
    if (!verdict.deliverable) throw fail('EMAIL_DOMAIN_INVALID', { suggestion: verdict.suggestion });
  }
  const emailHash = emailHashOf(deps, email);
  // The read has no effect, so it goes out with the rate counters; nothing is written past a limit.
  const [, { userUid, challenge: previous }] = await Promise.all([
    enforceRateLimits(deps.rateLimiter, mailBudgets(deps, email, ip)),
    deps.otp.signInState(emailHash),
  ]);
  const subject: OtpSubject =
    userUid !== null
      ? { kind: 'user', userUid }
      : input.intent === 'signup'
        ? { kind: 'signup', email }
        : { kind: 'nobody' };
  await issueChallenge(deps, { email, emailHash, delivery: input.delivery, subject, previous });
  return { sent: true };
};

/** `POST /auth/otp/resend`: a new magic link in the chain of the address's current link. */
export const resendLink = async (
  deps: SignInDeps,
  input: { email: string },
  ip: string,
): Promise<{ sent: true }> => {
  const email = normaliseEmail(input.email);
  const emailHash = emailHashOf(deps, email);
  const [, { challenge: previous }] = await Promise.all([
    enforceRateLimits(deps.rateLimiter, mailBudgets(deps, email, ip)),
    deps.otp.signInState(emailHash),
  ]);
  if (
    previous === null ||
    previous.delivery !== 'link' ||
    previous.subject.kind === 'nobody' ||
    previous.usedAtMs !== null
  ) {
    // An empty letter, as a request for an address without an account posts one.
    await deps.signInMails.post({ mail: null, expiresAtMs: deps.clock.now().getTime() });
    return { sent: true };
  }
  await enforceRateLimits(deps.rateLimiter, [
    { rule: 'otp_resend_link', identifier: previous.chainId, limit: deps.settings.rates.otpResendPerLink },
  ]);
  await issueChallenge(deps, {
    email,
    emailHash,
    delivery: 'link',
    subject: previous.subject,
    previous,
    chainId: previous.chainId,
  });
  return { sent: true };
};

/**
 * Who signs in: the known user, or a new one on sign-up. `knownUid` is the address's user as last
 * read; when the address got an account since, the new user's e-mail lookup conflicts and
 * `consume` runs again for the existing one.
 */
export const signIn = async (
  deps: Pick<Deps, 'users' | 'ids' | 'clock'>,
  subject: Exclude<OtpSubject, { kind: 'nobody' }>,
  emailHash: string,
  knownUid: string | null,
  consume: (newUser: NewUser | null) => Promise<void>,
): Promise<string> => {
  if (subject.kind === 'user') {
    await consume(null);
    return subject.userUid;
  }
  if (knownUid !== null) {
    await consume(null);
    return knownUid;
  }
  const user = newUser({ uid: deps.ids.uid('usr'), email: subject.email, now: deps.clock.now() });
  try {
    await consume({ user, emailHash });
    return user.uid;
  } catch (error) {
    const meanwhile =
      isServiceError(error) && error.code === 'CONFLICT' ? await deps.users.uidByEmailHash(emailHash) : null;
    if (meanwhile === null) throw error;
    await consume(null);
    return meanwhile;
  }
};
