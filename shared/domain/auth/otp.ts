import type { ErrorCode } from '../errors';

/**
 * One sign-in challenge per e-mail: the newest request replaces the older one. Codes and link tokens
 * exist only as keyed hashes bound to their request. An address without an account gets a challenge
 * too (one whose code was never sent), so wrong attempts count and lock exactly alike.
 */
export type Delivery = 'code' | 'link';
export type Intent = 'login' | 'signup';

/** Who a successful verification signs in. `nobody`: a login for an address with no account. */
export type OtpSubject =
  { kind: 'user'; userUid: string } | { kind: 'signup'; email: string } | { kind: 'nobody' };

export interface OtpChallenge {
  requestId: string;
  /** The first request of a chain of resent links: the resend budget follows it. */
  chainId: string;
  delivery: Delivery;
  codeHash: string | null;
  linkHash: string | null;
  /** Codes this request replaced, each bound to its own request: right but too old (`OTP_EXPIRED`). */
  replacedCodes: { requestId: string; codeHash: string }[];
  attempts: number;
  expiresAtMs: number;
  usedAtMs: number | null;
  subject: OtpSubject;
}

export const REPLACED_CODES_KEPT = 5;

export type CodeVerdict =
  { outcome: 'accept' } | { outcome: 'refuse'; code: ErrorCode } | { outcome: 'wrong' };

/**
 * The order of checks: a locked challenge answers `OTP_LOCKED` even to the right code; the right
 * code answers used or expired before it is accepted; a replaced code is expired; anything else is
 * a wrong attempt (and so is any code for an address with no account).
 */
export const judgeCode = (
  challenge: OtpChallenge | null,
  /** The keyed hash of the code typed, as it would be bound to the given request. */
  codeHashFor: (requestId: string) => string,
  nowMs: number,
  maxAttempts: number,
): CodeVerdict => {
  if (challenge === null) return { outcome: 'wrong' };
  if (challenge.attempts >= maxAttempts) return { outcome: 'refuse', code: 'OTP_LOCKED' };
  if (challenge.subject.kind !== 'nobody' && challenge.codeHash === codeHashFor(challenge.requestId)) {
    if (challenge.usedAtMs !== null) return { outcome: 'refuse', code: 'OTP_USED' };
    if (nowMs >= challenge.expiresAtMs) return { outcome: 'refuse', code: 'OTP_EXPIRED' };
    return { outcome: 'accept' };
  }
  if (challenge.replacedCodes.some((old) => old.codeHash === codeHashFor(old.requestId)))
    return { outcome: 'refuse', code: 'OTP_EXPIRED' };
  return { outcome: 'wrong' };
};

/** What a wrong attempt answers, once it is counted: the lock starts at the `maxAttempts`-th. */
export const wrongCodeAnswer = (
  attemptsAfter: number,
  maxAttempts: number,
): { code: 'OTP_LOCKED' } | { code: 'OTP_INVALID'; attemptsLeft: number } =>
  attemptsAfter >= maxAttempts
    ? { code: 'OTP_LOCKED' }
    : { code: 'OTP_INVALID', attemptsLeft: maxAttempts - attemptsAfter };

export interface MagicLink {
  linkHash: string;
  emailHash: string;
  requestId: string;
  chainId: string;
  expiresAtMs: number;
  usedAtMs: number | null;
  replacedAtMs: number | null;
  subject: Exclude<OtpSubject, { kind: 'nobody' }>;
}

export const judgeLink = (
  link: MagicLink | null,
  nowMs: number,
): { outcome: 'accept' } | { outcome: 'refuse'; code: ErrorCode } => {
  if (link === null) return { outcome: 'refuse', code: 'OTP_LINK_INVALID' };
  if (link.usedAtMs !== null) return { outcome: 'refuse', code: 'OTP_LINK_USED' };
  if (link.replacedAtMs !== null || nowMs >= link.expiresAtMs)
    return { outcome: 'refuse', code: 'OTP_LINK_EXPIRED' };
  return { outcome: 'accept' };
};
