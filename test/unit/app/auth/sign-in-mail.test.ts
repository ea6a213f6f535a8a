import { describe, expect, it } from 'vitest';
import { sendSignInLetter, signInLetter } from '../../../../shared/app/auth/sign-in-mail';
import type { SignInMail } from '../../../../shared/ports/mailer';

const now = Date.parse('2026-11-22T10:00:00Z');
const worker = () => {
  const sent: SignInMail[] = [];
  const deps = {
    clock: { now: () => new Date(now) },
    mailer: { sendSignIn: async (mail: SignInMail) => void sent.push(mail) },
  };
  return { deps, sent };
};
const mail: SignInMail = { kind: 'otp_code', email: 'ana@example.com', code: '123456' };

describe('the sign-in mail worker', () => {
  it('sends the mail of a letter whose code is still alive', async () => {
    const { deps, sent } = worker();
    expect(await sendSignInLetter(deps, { mail, expiresAtMs: now + 1 })).toBe('sent');
    expect(sent).toEqual([mail]);
  });

  it('sends nothing for an empty letter (an address without an account)', async () => {
    const { deps, sent } = worker();
    expect(await sendSignInLetter(deps, { mail: null, expiresAtMs: now + 60_000 })).toBe('empty');
    expect(sent).toEqual([]);
  });

  it('drops a letter that arrives after its code expired', async () => {
    const { deps, sent } = worker();
    expect(await sendSignInLetter(deps, { mail, expiresAtMs: now })).toBe('expired');
    expect(sent).toEqual([]);
  });

  it('reads letters as the auth API posts them, and refuses anything else', () => {
    const link = { kind: 'magic_link', email: 'a@b.c', token: 't', url: 'http://web/login?token=t' };
    expect(signInLetter.safeParse({ mail: link, expiresAtMs: 1 }).success).toBe(true);
    expect(signInLetter.safeParse({ mail: null, expiresAtMs: 1 }).success).toBe(true);
    expect(
      signInLetter.safeParse({ mail: { kind: 'otp_code', email: 'a@b.c' }, expiresAtMs: 1 }).success,
    ).toBe(false);
  });
});
