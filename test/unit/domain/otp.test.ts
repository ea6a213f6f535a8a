import { describe, expect, it } from 'vitest';
import {
  judgeCode,
  judgeLink,
  wrongCodeAnswer,
  type MagicLink,
  type OtpChallenge,
} from '../../../shared/domain/auth/otp';

const hashFor = (code: string) => (requestId: string) => `${requestId}:${code}`;
const now = 1_000_000;
const challenge = (fields: Partial<OtpChallenge> = {}): OtpChallenge => ({
  requestId: 'r2',
  chainId: 'r2',
  delivery: 'code',
  codeHash: 'r2:123456',
  linkHash: null,
  replacedCodes: [{ requestId: 'r1', codeHash: 'r1:654321' }],
  attempts: 0,
  expiresAtMs: now + 600_000,
  usedAtMs: null,
  subject: { kind: 'user', userUid: 'usr_1' },
  ...fields,
});

describe('judging a code', () => {
  it('accepts the right, fresh, unused code', () => {
    expect(judgeCode(challenge(), hashFor('123456'), now, 5)).toEqual({ outcome: 'accept' });
  });

  it('counts any other code as a wrong attempt', () => {
    expect(judgeCode(challenge(), hashFor('000000'), now, 5)).toEqual({ outcome: 'wrong' });
  });

  it('answers OTP_LOCKED once 5 wrong attempts are counted, even to the right code', () => {
    expect(judgeCode(challenge({ attempts: 5 }), hashFor('123456'), now, 5)).toEqual({
      outcome: 'refuse',
      code: 'OTP_LOCKED',
    });
  });

  it('answers OTP_USED to the right code used before', () => {
    expect(judgeCode(challenge({ usedAtMs: now - 1 }), hashFor('123456'), now, 5)).toEqual({
      outcome: 'refuse',
      code: 'OTP_USED',
    });
  });

  it('answers OTP_EXPIRED to the right code after its lifetime', () => {
    expect(judgeCode(challenge({ expiresAtMs: now }), hashFor('123456'), now, 5)).toEqual({
      outcome: 'refuse',
      code: 'OTP_EXPIRED',
    });
  });

  it('answers OTP_EXPIRED to a code a newer request replaced', () => {
    expect(judgeCode(challenge(), hashFor('654321'), now, 5)).toEqual({
      outcome: 'refuse',
      code: 'OTP_EXPIRED',
    });
  });

  it('treats every code for an address without an account, or never asked for, as wrong', () => {
    expect(judgeCode(challenge({ subject: { kind: 'nobody' } }), hashFor('123456'), now, 5)).toEqual({
      outcome: 'wrong',
    });
    expect(judgeCode(null, hashFor('123456'), now, 5)).toEqual({ outcome: 'wrong' });
  });

  it('answers a counted wrong attempt with the attempts left, and locks at the 5th', () => {
    expect(wrongCodeAnswer(1, 5)).toEqual({ code: 'OTP_INVALID', attemptsLeft: 4 });
    expect(wrongCodeAnswer(4, 5)).toEqual({ code: 'OTP_INVALID', attemptsLeft: 1 });
    expect(wrongCodeAnswer(5, 5)).toEqual({ code: 'OTP_LOCKED' });
    expect(wrongCodeAnswer(9, 5)).toEqual({ code: 'OTP_LOCKED' });
  });
});

describe('judging a magic link', () => {
  const link = (fields: Partial<MagicLink> = {}): MagicLink => ({
    linkHash: 'h',
    emailHash: 'e',
    requestId: 'r',
    chainId: 'r',
    expiresAtMs: now + 1,
    usedAtMs: null,
    replacedAtMs: null,
    subject: { kind: 'user', userUid: 'usr_1' },
    ...fields,
  });

  it('accepts a fresh link and refuses an unknown one as OTP_LINK_INVALID', () => {
    expect(judgeLink(link(), now)).toEqual({ outcome: 'accept' });
    expect(judgeLink(null, now)).toEqual({ outcome: 'refuse', code: 'OTP_LINK_INVALID' });
  });

  it('answers OTP_LINK_USED before expiry, and OTP_LINK_EXPIRED when replaced or past its time', () => {
    expect(judgeLink(link({ usedAtMs: 1, expiresAtMs: 0 }), now)).toEqual({
      outcome: 'refuse',
      code: 'OTP_LINK_USED',
    });
    expect(judgeLink(link({ replacedAtMs: 1 }), now)).toEqual({
      outcome: 'refuse',
      code: 'OTP_LINK_EXPIRED',
    });
    expect(judgeLink(link({ expiresAtMs: now }), now)).toEqual({
      outcome: 'refuse',
      code: 'OTP_LINK_EXPIRED',
    });
  });
});
