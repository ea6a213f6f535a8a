import { judgeCode, judgeLink, wrongCodeAnswer } from '../../domain/auth/otp';
import { fail, isServiceError } from '../../domain/errors';
import type { IssuedAccessToken } from '../../ports/access-tokens';
import type { Deps } from '../deps';
import { enforceRateLimits } from '../rate-limits';
import { emailHashOf, hashPurpose, linkHashOf, signIn } from './sign-in';

type VerifyDeps = Pick<
  Deps,
  'clock' | 'ids' | 'hasher' | 'tokens' | 'users' | 'otp' | 'rateLimiter' | 'settings'
>;

export type VerifyInput = { email: string; code: string } | { token: string };

/** A concurrent use of the same code or link: the loser sees it used. */
const usedOnConflict = (usedCode: 'OTP_USED' | 'OTP_LINK_USED') => (error: unknown) => {
  if (isServiceError(error) && error.code === 'CONFLICT') throw fail(usedCode);
  throw error;
};

/**
 * `POST /auth/otp/verify`. A wrong code and a code for an address without an account take the same
 * path (one read, one counted attempt) and get the same answer.
 */
export const verifyOtp = async (
  deps: VerifyDeps,
  input: VerifyInput,
  ip: string,
): Promise<IssuedAccessToken> => {
  await enforceRateLimits(deps.rateLimiter, [
    { rule: 'otp_verify_ip', identifier: ip, limit: deps.settings.rates.otpVerifyPerIp },
  ]);
  const now = deps.clock.now();
  return 'token' in input
    ? verifyLink(deps, input.token, now)
    : verifyCode(deps, input.email, input.code, now);
};

const verifyCode = async (
  deps: VerifyDeps,
  email: string,
  code: string,
  now: Date,
): Promise<IssuedAccessToken> => {
  const emailHash = emailHashOf(deps, email);
  const { userUid: knownUid, challenge } = await deps.otp.signInState(emailHash);
  const max = deps.settings.otpMaxAttempts;
  const verdict = judgeCode(
    challenge,
    (requestId) => deps.hasher.digest(hashPurpose.code, `${requestId}:${code}`),
    now.getTime(),
    max,
  );

  if (verdict.outcome === 'refuse') throw fail(verdict.code);
  if (verdict.outcome === 'wrong' || challenge === null || challenge.subject.kind === 'nobody') {
    const expiresAtMs = challenge?.expiresAtMs ?? now.getTime() + deps.settings.otpTtlSeconds * 1000;
    const answer = wrongCodeAnswer(await deps.otp.countWrongAttempt(emailHash, expiresAtMs), max);
    throw answer.code === 'OTP_LOCKED'
      ? fail('OTP_LOCKED')
      : fail('OTP_INVALID', { attemptsLeft: answer.attemptsLeft });
  }
  const userUid = await signIn(deps, challenge.subject, emailHash, knownUid, (newUser) =>
    deps.otp.consumeCode(emailHash, challenge, now.getTime(), newUser),
  ).catch(usedOnConflict('OTP_USED'));
  return deps.tokens.issue(userUid, now);
};

const linkToken = /^[A-Za-z0-9_-]{43}$/;

const verifyLink = async (deps: VerifyDeps, token: string, now: Date): Promise<IssuedAccessToken> => {
  const link = linkToken.test(token) ? await deps.otp.getLink(linkHashOf(deps, token)) : null;
  const verdict = judgeLink(link, now.getTime());
  if (verdict.outcome === 'refuse' || link === null)
    throw fail(verdict.outcome === 'refuse' ? verdict.code : 'OTP_LINK_INVALID');
  const userUid = await signIn(deps, link.subject, link.emailHash, null, (newUser) =>
    deps.otp.consumeLink(link, now.getTime(), newUser),
  ).catch(usedOnConflict('OTP_LINK_USED'));
  return deps.tokens.issue(userUid, now);
};
