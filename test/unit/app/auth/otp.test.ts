import { describe, expect, it } from 'vitest';
import { requestOtp } from '../../../../shared/app/auth/sign-in';
import { verifyOtp } from '../../../../shared/app/auth/verify';
import type { ServiceError } from '../../../../shared/domain/errors';
import type { Deps } from '../../../../shared/app/deps';
import type { OtpChallenge } from '../../../../shared/domain/auth/otp';
import type { SignInLetter, SignInMail } from '../../../../shared/ports/mailer';

/** In-memory fakes of the ports sign-in uses. */
const fakes = (users: Record<string, string> = {}) => {
  const challenges = new Map<string, OtpChallenge>();
  const mails: SignInMail[] = [];
  const letters: SignInLetter[] = [];
  let n = 0;
  const deps = {
    clock: { now: () => new Date('2026-11-22T10:00:00Z') },
    ids: { ulid: () => `01ULID${(n += 1)}`, uid: (p: string) => `${p}_${(n += 1)}`, randomPart: () => 'x' },
    hasher: { digest: (purpose: string, value: string) => `${purpose}(${value})` },
    secrets: { numericCode: () => '123456', urlToken: () => 't'.repeat(43) },
    signInMails: {
      post: async (letter: SignInLetter) => {
        letters.push(letter);
        if (letter.mail !== null) mails.push(letter.mail);
      },
    },
    users: {
      uidByEmailHash: async (hash: string) => users[hash] ?? null,
      get: async () => null,
      saveProfile: async () => {
        throw new Error();
      },
    },
    otp: {
      signInState: async (hash: string) => ({
        userUid: users[hash] ?? null,
        challenge: challenges.get(hash) ?? null,
      }),
      replaceChallenge: async (hash: string, challenge: OtpChallenge) => void challenges.set(hash, challenge),
    },
    rateLimiter: { hit: async () => ({ allowed: true as const }) },
    settings: {
      otpTtlSeconds: 600,
      otpLinkTtlSeconds: 900,
      otpMaxAttempts: 5,
      otpLinkBaseUrl: 'http://web/login',
      trialDays: 7,
      prices: { seat: 1, 'channel.chat': 1 },
      rates: {
        otpRequestPerEmail: { limit: 5, windowSeconds: 1 },
        otpRequestPerIp: { limit: 5, windowSeconds: 1 },
        otpResendPerLink: { limit: 5, windowSeconds: 1 },
        otpVerifyPerIp: { limit: 5, windowSeconds: 1 },
        excerptPerGuardian: { limit: 30, windowSeconds: 60 },
      },
    },
  };
  return { deps: deps as unknown as Deps, challenges, mails, letters };
};

describe('requesting a sign-in code', () => {
  it('mails a code to a known address and keeps only its keyed hash, bound to the request', async () => {
    const { deps, challenges, mails } = fakes({ 'email(ana@example.com)': 'usr_1' });
    await requestOtp(deps, { email: 'Ana@Example.com', delivery: 'code', intent: 'login' }, '1.1.1.1');
    expect(mails).toEqual([{ kind: 'otp_code', email: 'ana@example.com', code: '123456' }]);
    const stored = challenges.get('email(ana@example.com)')!;
    expect(stored.codeHash).toBe(`otp-code(${stored.requestId}:123456)`);
    expect(JSON.stringify(stored)).not.toContain('"123456"');
  });

  it('sends nothing to an unknown address on login, yet keeps a challenge so attempts count', async () => {
    const { deps, challenges, mails } = fakes();
    await expect(
      requestOtp(deps, { email: 'nobody@example.com', delivery: 'code', intent: 'login' }, '1.1.1.1'),
    ).resolves.toEqual({ sent: true });
    expect(mails).toEqual([]);
    expect(challenges.get('email(nobody@example.com)')?.subject).toEqual({ kind: 'nobody' });
  });

  it('posts one letter per request whoever owns the address, empty for nobody, and sends nothing itself', async () => {
    const { deps, letters } = fakes({ 'email(ana@example.com)': 'usr_1' });
    for (const email of ['ana@example.com', 'nobody@example.com'])
      await requestOtp(deps, { email, delivery: 'code', intent: 'login' }, '1.1.1.1');
    expect(letters.map((letter) => letter.mail?.kind ?? null)).toEqual(['otp_code', null]);
    expect(letters.map((letter) => letter.expiresAtMs)).toEqual([
      Date.parse('2026-11-22T10:10:00Z'),
      Date.parse('2026-11-22T10:10:00Z'),
    ]);
  });

  it('remembers the replaced code so it answers OTP_EXPIRED, not OTP_INVALID', async () => {
    const { deps, challenges } = fakes({ 'email(ana@example.com)': 'usr_1' });
    await requestOtp(deps, { email: 'ana@example.com', delivery: 'code', intent: 'login' }, 'ip');
    const first = challenges.get('email(ana@example.com)')!;
    await requestOtp(deps, { email: 'ana@example.com', delivery: 'code', intent: 'login' }, 'ip');
    expect(challenges.get('email(ana@example.com)')!.replacedCodes).toEqual([
      { requestId: first.requestId, codeHash: first.codeHash },
    ]);
  });
});

describe('verifying a code', () => {
  it('takes the same path for an address without an account as for a wrong code: no timing tell', async () => {
    const trace = async (challenge: OtpChallenge | null) => {
      const calls: string[] = [];
      const deps = {
        ...fakes().deps,
        otp: {
          signInState: async () => (calls.push('signInState'), { userUid: null, challenge }),
          countWrongAttempt: async () => (calls.push('countWrongAttempt'), 1),
        },
        rateLimiter: { hit: async () => (calls.push('rate'), { allowed: true as const }) },
      } as unknown as Deps;
      const answer = await verifyOtp(deps, { email: 'x@example.com', code: '999999' }, 'ip').catch(
        (error: ServiceError) => error.toJSON(),
      );
      return { calls, answer };
    };
    const known = await trace({
      requestId: 'r',
      chainId: 'r',
      delivery: 'code',
      codeHash: 'otp-code(r:123456)',
      linkHash: null,
      replacedCodes: [],
      attempts: 0,
      expiresAtMs: Date.now() + 60_000,
      usedAtMs: null,
      subject: { kind: 'user', userUid: 'usr_1' },
    });
    const nobody = await trace({
      requestId: 'r',
      chainId: 'r',
      delivery: 'code',
      codeHash: 'otp-code(r:555555)',
      linkHash: null,
      replacedCodes: [],
      attempts: 0,
      expiresAtMs: Date.now() + 60_000,
      usedAtMs: null,
      subject: { kind: 'nobody' },
    });
    const neverAsked = await trace(null);
    expect(nobody).toEqual(known);
    expect(neverAsked).toEqual(known);
    expect(known.answer).toEqual({
      code: 'OTP_INVALID',
      message: expect.any(String),
      details: { attemptsLeft: 4 },
    });
  });
});
