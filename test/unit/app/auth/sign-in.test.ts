import { describe, expect, it } from 'vitest';
import { requestOtp, resendLink } from '../../../../shared/app/auth/sign-in';
import { verifyOtp } from '../../../../shared/app/auth/verify';
import { fakeWorld } from '../../../support/fakes/deps';
import { aUser } from '../../../support/fakes/seed';

const ip = '198.51.100.9';

describe('requestOtp', () => {
  it('posts one letter whoever owns the address: a code for a user, an empty one for nobody', async () => {
    const world = fakeWorld();
    aUser(world, 'ana@example.com');
    await requestOtp(world.deps, { email: 'ana@example.com', delivery: 'code', intent: 'login' }, ip);
    await requestOtp(world.deps, { email: 'nobody@example.com', delivery: 'code', intent: 'login' }, ip);
    expect(world.deps.signInMails.posted.map((letter) => letter.mail?.kind ?? null)).toEqual([
      'otp_code',
      null,
    ]);
  });
});

describe('resendLink', () => {
  it('sends a new link in the chain of the last one, the old link no longer signing in', async () => {
    const world = fakeWorld();
    aUser(world, 'ana@example.com');
    await requestOtp(world.deps, { email: 'ana@example.com', delivery: 'link', intent: 'login' }, ip);
    await expect(resendLink(world.deps, { email: 'ana@example.com' }, ip)).resolves.toEqual({ sent: true });
    const [first, second] = world.deps.signInMails.posted.map((letter) => letter.mail);
    expect(second).toMatchObject({ kind: 'magic_link', email: 'ana@example.com' });
    if (first?.kind !== 'magic_link' || second?.kind !== 'magic_link') throw new Error('no links');
    expect(second.token).not.toBe(first.token);
    await expect(
      verifyOtp(world.deps, { email: 'ana@example.com', token: first.token }, ip),
    ).rejects.toMatchObject({
      code: 'OTP_LINK_EXPIRED',
    });
  });

  it('posts an empty letter when there is no link to resend', async () => {
    const world = fakeWorld();
    await resendLink(world.deps, { email: 'ana@example.com' }, ip);
    expect(world.deps.signInMails.posted).toMatchObject([{ mail: null }]);
  });

  it("answers 429 RATE_LIMITED past the chain's resend budget", async () => {
    const world = fakeWorld();
    aUser(world, 'ana@example.com');
    await requestOtp(world.deps, { email: 'ana@example.com', delivery: 'link', intent: 'login' }, ip);
    const { limit } = world.deps.settings.rates.otpResendPerLink;
    for (let resend = 0; resend < limit; resend += 1)
      await resendLink(world.deps, { email: 'ana@example.com' }, ip);
    await expect(resendLink(world.deps, { email: 'ana@example.com' }, ip)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});
