import { describe, expect, it } from 'vitest';
import { call, deliveriesSoFar, nextDelivery, signUp, uniqueEmail, uniqueIp } from './support/api';

const request = (email: string, extra: Record<string, unknown> = {}, ip = uniqueIp()) =>
  call('POST', '/auth/otp/request', {
    body: { email, delivery: 'code', ...extra },
    headers: { 'x-forwarded-for': ip },
  });
const verify = (body: Record<string, unknown>, ip = uniqueIp()) =>
  call('POST', '/auth/otp/verify', { body, headers: { 'x-forwarded-for': ip } });

/** Requests a code and returns it as the dev-delivery log line shows it. */
const codeFor = async (email: string, intent: 'login' | 'signup' = 'login') => {
  const seen = await deliveriesSoFar(email);
  expect((await request(email, { intent })).status).toBe(202);
  return (await nextDelivery(email, seen)).code as string;
};

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('sign-in by e-mail code', () => {
  it('signs a new address up and answers an access token with its expiry', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email, 'signup');
    const answer = await verify({ email, code });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.accessToken).toMatch(/^ey/);
    expect(answer.body.data.expiresAtMs).toBeGreaterThan(Date.now() + 800_000);
    const me = await call('GET', '/me', { token: answer.body.data.accessToken });
    expect(me.body.data.email).toBe(email);
  });

  it('signs an existing user in with intent login, ignoring case and spaces in the address', async () => {
    const { email } = await signUp();
    const code = await codeFor(` ${email.toUpperCase()} `);
    expect((await verify({ email, code })).status).toBe(200);
  });

  it('answers 202 { sent: true } for every address, with or without an account', async () => {
    const unknown = await request(uniqueEmail('nobody'));
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual({ success: true, data: { sent: true } });
  });

  it('answers a wrong code OTP_INVALID with the attempts left', async () => {
    const { email } = await signUp();
    const code = await codeFor(email);
    const answer = await verify({ email, code: wrong(code) });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: 'OTP_INVALID', details: { attemptsLeft: 4 } });
  });

  it('locks the code at the 5th wrong attempt, even for the right code, until a new request', async () => {
    const { email } = await signUp();
    const code = await codeFor(email);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await verify({ email, code: wrong(code) }));
    expect(answers.map((a) => a.body.error.details?.attemptsLeft ?? a.body.error.code)).toEqual([
      4,
      3,
      2,
      1,
      'OTP_LOCKED',
    ]);
    expect((await verify({ email, code })).body.error.code).toBe('OTP_LOCKED');
    const fresh = await codeFor(email);
    expect((await verify({ email, code: fresh })).status).toBe(200);
  });

  it('answers OTP_USED to a code used before', async () => {
    const { email } = await signUp();
    const code = await codeFor(email);
    expect((await verify({ email, code })).status).toBe(200);
    const again = await verify({ email, code });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('OTP_USED');
  });

  it('answers OTP_EXPIRED to a code replaced by a newer one', async () => {
    const { email } = await signUp();
    const older = await codeFor(email);
    // Six random digits can repeat (one chance in a million); ask again until they differ.
    let newer = await codeFor(email);
    while (newer === older) newer = await codeFor(email);
    const answer = await verify({ email, code: older });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('OTP_EXPIRED');
  });

  it('gives an address without an account exactly the answer of a wrong code, lock included', async () => {
    const { email } = await signUp();
    const code = await codeFor(email);
    const nobody = uniqueEmail('nobody');
    expect((await request(nobody)).status).toBe(202);
    const known = await verify({ email, code: wrong(code) });
    const unknown = await verify({ email: nobody, code: '123456' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    for (let attempt = 0; attempt < 3; attempt += 1) await verify({ email: nobody, code: '123456' });
    expect((await verify({ email: nobody, code: '123456' })).body.error.code).toBe('OTP_LOCKED');
  });

  it('refuses a sign-up to a domain that cannot receive mail, suggesting the likely one', async () => {
    const misspelled = await request(`ana-${Date.now()}@gmial.com`, { intent: 'signup' });
    expect(misspelled.status).toBe(422);
    expect(misspelled.body.error.code).toBe('EMAIL_DOMAIN_INVALID');
    expect(misspelled.body.error.details.suggestion).toMatch(/@gmail\.com$/);
    const reserved = await request(`ana-${Date.now()}@family.invalid`, { intent: 'signup' });
    expect(reserved.body.error).toMatchObject({
      code: 'EMAIL_DOMAIN_INVALID',
      details: { suggestion: null },
    });
  });
});

describe('sign-in by magic link', () => {
  const linkFor = async (email: string) => {
    const seen = await deliveriesSoFar(email);
    expect((await request(email, { delivery: 'link' })).status).toBe(202);
    return (await nextDelivery(email, seen)).token as string;
  };

  it('signs in with the link token once; the second use answers OTP_LINK_USED', async () => {
    const { email } = await signUp();
    const token = await linkFor(email);
    expect((await verify({ token })).status).toBe(200);
    expect((await verify({ token })).body.error.code).toBe('OTP_LINK_USED');
  });

  it('answers OTP_LINK_INVALID to a token that is not from a link of the service', async () => {
    const answer = await verify({ token: 'a'.repeat(43) });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('OTP_LINK_INVALID');
    expect((await verify({ token: 'short' })).body.error.code).toBe('OTP_LINK_INVALID');
  });

  it('resend sends a new link and the old one answers OTP_LINK_EXPIRED', async () => {
    const { email } = await signUp();
    const old = await linkFor(email);
    const seen = await deliveriesSoFar(email);
    const resent = await call('POST', '/auth/otp/resend', {
      body: { email },
      headers: { 'x-forwarded-for': uniqueIp() },
    });
    expect(resent.status).toBe(202);
    const { token } = await nextDelivery(email, seen);
    expect((await verify({ token: old })).body.error.code).toBe('OTP_LINK_EXPIRED');
    expect((await verify({ token })).status).toBe(200);
  });

  it('limits resends per chain of links to 3 an hour', async () => {
    const { email } = await signUp();
    await linkFor(email);
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(
        (
          await call('POST', '/auth/otp/resend', {
            body: { email },
            headers: { 'x-forwarded-for': uniqueIp() },
          })
        ).status,
      );
    }
    // Within the e-mail budget (5 mails an hour), the chain's own budget refuses the 4th resend.
    expect(answers).toEqual([202, 202, 202, 429]);
  });
});

describe('sign-in rate limits', () => {
  it('allows 5 requests per address an hour; the 6th answers 429 with Retry-After = retryAfterSeconds', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) expect((await request(email)).status).toBe(202);
    const limited = await request(` ${email.toUpperCase()}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = limited.body.error.details.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThan(3500);
    expect(limited.headers.get('retry-after')).toBe(String(retryAfter));
  });

  it('allows 20 mail requests per IP an hour (first X-Forwarded-For entry)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1)
      expect((await request(uniqueEmail(), {}, `${ip}, 10.0.0.1`)).status).toBe(202);
    expect((await request(uniqueEmail(), {}, ip)).status).toBe(429);
  });

  it('allows 40 verifications per IP an hour', async () => {
    const ip = uniqueIp();
    const statuses = [];
    for (let i = 0; i < 41; i += 1) statuses.push((await verify({ token: 'x'.repeat(43) }, ip)).status);
    expect(statuses.slice(0, 40).every((status) => status === 401)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});

describe('the Authorization header', () => {
  it('takes the Bearer scheme in any case (RFC 9110 11.1), and refuses another scheme 401', async () => {
    const { email, token } = await signUp();
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const me = await call('GET', '/me', { headers: { authorization: `${scheme} ${token}` } });
      expect(me.status, scheme).toBe(200);
      expect(me.body.data.email).toBe(email);
    }
    const basic = await call('GET', '/me', { headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
    expect(basic.body.error.code).toBe('UNAUTHORIZED');
  });
});
