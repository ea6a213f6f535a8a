import { describe, expect, inject, it } from 'vitest';
import { withCheckDigits } from '../../shared/domain/people/cpf';
import { eventually } from '../support/eventually';
import { addSeat, call, newFamily, resendWhenAllowed, signUp, uniqueIp, validDependent } from './support/api';

/** A family whose owner has a name and whose seat has a complete person (CPF decides the sandbox check). */
const familyWithPerson = async (cpfNine = String(100_000_000 + Math.floor(Math.random() * 800_000_000))) => {
  const { owner, accountUid } = await newFamily();
  await call('PATCH', '/me', { token: owner.token, body: { name: 'Ana Souza' } });
  const seatUid = await addSeat(owner.token, accountUid);
  const phone = `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const person = {
    ...validDependent,
    name: 'Bia Souza',
    phone,
    document: { type: 'cpf', number: withCheckDigits(cpfNine) },
  };
  await call('PUT', `/seats/${seatUid}/dependent`, { token: owner.token, body: person });
  return { owner, accountUid, seatUid, phone };
};

const ask = (token: string, seatUid: string, send: 'now' | 'later') =>
  call('POST', `/seats/${seatUid}/consent-request`, { token, body: { send } });
const tokenOf = (link: string): string => link.split('/c/')[1] ?? '';
const sentTo = async (phone: string) =>
  (
    (await (await fetch(`${inject('businessProviderUrl')}/_sim/sent`)).json()) as {
      to: string;
      link: string;
      template: string;
    }[]
  ).filter((send) => send.to === phone);
const asPerson = (method: string, path: string, body?: unknown) =>
  call(method, path, { headers: { 'x-forwarded-for': uniqueIp() }, ...(body === undefined ? {} : { body }) });

describe('asking the person for consent', () => {
  it('creates the request and its link, sends it through the business provider with send: now', async () => {
    const { owner, seatUid, phone } = await familyWithPerson();
    const answer = await ask(owner.token, seatUid, 'now');
    expect(answer.status).toBe(201);
    // The answer does not wait for the provider: the send is queued.
    expect(answer.body.data.seat.consent).toEqual({
      status: 'pending',
      link: expect.stringMatching(/\/c\/[\w-]{43}$/),
      expiresAt: expect.any(String),
      delivery: { status: 'queued', at: expect.any(String), failureReason: null },
    });
    const sends = await eventually(
      () => sentTo(phone),
      (found) => found.length > 0,
      'the link’s send',
    );
    expect(sends).toEqual([
      expect.objectContaining({ template: 'consent_request', link: answer.body.data.seat.consent.link }),
    ]);
  });

  it('sends nothing with send: later; a later send: now reuses the open request and sends the same link', async () => {
    const { owner, seatUid, phone } = await familyWithPerson();
    const later = await ask(owner.token, seatUid, 'later');
    expect(later.status).toBe(201);
    expect(await sentTo(phone)).toEqual([]);
    expect(later.body.data.seat.consent.delivery).toBeNull();
    const now = await ask(owner.token, seatUid, 'now');
    expect(now.status).toBe(200);
    expect(now.body.data.seat.consent.link).toBe(later.body.data.seat.consent.link);
    const sends = await eventually(
      () => sentTo(phone),
      (found) => found.length > 0,
      'the link’s send',
    );
    expect(sends.map((send) => send.link)).toEqual([later.body.data.seat.consent.link]);
  });

  it('needs a complete person and a pending seat, and the owner', async () => {
    const { owner, accountUid } = await newFamily();
    const empty = await addSeat(owner.token, accountUid);
    expect((await ask(owner.token, empty, 'later')).body.error.code).toBe('DEPENDENT_REQUIRED');
    const { phone: _phone, ...noPhone } = validDependent;
    await call('PUT', `/seats/${empty}/dependent`, { token: owner.token, body: noPhone });
    const incomplete = await ask(owner.token, empty, 'later');
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.error.code).toBe('DEPENDENT_INCOMPLETE');

    const { owner: other, accountUid: otherAccount, seatUid } = await familyWithPerson();
    await call('DELETE', `/seats/${seatUid}`, { token: other.token });
    expect((await ask(other.token, seatUid, 'later')).body.error.code).toBe('SEAT_NOT_PENDING');

    const guardian = await signUp();
    await call('POST', `/accounts/${otherAccount}/members`, {
      token: other.token,
      body: { email: guardian.email },
    });
    const fresh = await addSeat(other.token, otherAccount);
    await call('PUT', `/seats/${fresh}/dependent`, { token: other.token, body: validDependent });
    expect((await ask(guardian.token, fresh, 'later')).status).toBe(403);
    expect((await ask((await signUp()).token, fresh, 'later')).status).toBe(404);
  });

  it('moves onboarding to await_consent and the protection to waiting_consent', async () => {
    const { owner, accountUid, seatUid } = await familyWithPerson();
    await ask(owner.token, seatUid, 'later');
    expect(
      (await call('GET', `/accounts/${accountUid}/onboarding`, { token: owner.token })).body.data.nextStep,
    ).toBe('await_consent');
    const protection = await call('GET', `/seats/${seatUid}/protection`, { token: owner.token });
    expect(protection.body.data.protection).toMatchObject({
      state: 'waiting_consent',
      reason: null,
      since: expect.any(String),
    });
    const consent = await call('GET', `/seats/${seatUid}/consent`, { token: owner.token });
    expect(consent.body.data).toMatchObject({
      status: 'pending',
      pairingAllowed: false,
      blockedBy: ['consent_required', 'seat_not_active', 'channel_not_enabled'],
      relationshipCheck: 'confirmed',
    });
  });
});

describe('the person’s page', () => {
  it('shows who asks (a first name only), the tie, the phrase to read and the state', async () => {
    const { owner, seatUid } = await familyWithPerson();
    const link = (await ask(owner.token, seatUid, 'later')).body.data.seat.consent.link as string;
    const page = await asPerson('GET', `/consent-requests/${tokenOf(link)}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      status: 'pending',
      requester: { firstName: 'Ana' },
      person: { firstName: 'Bia', kind: 'minor' },
      relationship: 'child',
      phrase: expect.stringContaining('Bia'),
      evidenceVerified: false,
    });
    expect(JSON.stringify(page.body)).not.toContain(owner.email);
    expect(JSON.stringify(page.body)).not.toContain('Souza');
  });

  it('answers an unknown token 404 and a malformed one too', async () => {
    expect((await asPerson('GET', `/consent-requests/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await asPerson('GET', '/consent-requests/short')).status).toBe(404);
  });

  it('refuses a yes without verified evidence: EVIDENCE_REQUIRED', async () => {
    const { owner, seatUid } = await familyWithPerson();
    const link = (await ask(owner.token, seatUid, 'later')).body.data.seat.consent.link as string;
    const accept = await asPerson('POST', `/consent-requests/${tokenOf(link)}/accept`, {});
    expect(accept.status).toBe(422);
    expect(accept.body.error.code).toBe('EVIDENCE_REQUIRED');
    expect((await asPerson('GET', `/consent-requests/${tokenOf(link)}/protection`)).body.error.code).toBe(
      'CONSENT_NOT_GIVEN',
    );
  });

  it('limits reads of a link to 120 per 10 minutes, before the token is looked up', async () => {
    const token = 'Z'.repeat(43);
    const statuses = [];
    for (let i = 0; i < 121; i += 1)
      statuses.push((await asPerson('GET', `/consent-requests/${token}`)).status);
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    const limited = await asPerson('GET', `/consent-requests/${token}/protection`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.error.details.retryAfterSeconds));
  });
});

describe('declining, resending and changed data', () => {
  it('a decline locks resend for the wait (retryAt); after it a new link replaces the old one', async () => {
    const { owner, accountUid, seatUid } = await familyWithPerson();
    const old = tokenOf((await ask(owner.token, seatUid, 'later')).body.data.seat.consent.link as string);
    const declined = await asPerson('POST', `/consent-requests/${old}/decline`, {});
    expect(declined.status).toBe(200);
    expect(declined.body.data.status).toBe('declined');
    expect(
      (await call('GET', `/accounts/${accountUid}/onboarding`, { token: owner.token })).body.data.nextStep,
    ).toBe('consent_declined');
    expect(
      (await call('GET', `/seats/${seatUid}/protection`, { token: owner.token })).body.data.protection.state,
    ).toBe('declined');

    const locked = await call('POST', `/seats/${seatUid}/consent-request/resend`, { token: owner.token });
    expect(locked.status).toBe(422);
    expect(locked.body.error).toMatchObject({
      code: 'RESEND_LOCKED',
      details: { retryAt: expect.any(String) },
    });
    expect((await ask(owner.token, seatUid, 'now')).body.error.code).toBe('RESEND_LOCKED');

    const resent = await resendWhenAllowed(owner.token, seatUid);
    expect(resent.status).toBe(201);
    const fresh = tokenOf(resent.body.data.seat.consent.link as string);
    expect(fresh).not.toBe(old);
    expect((await asPerson('GET', `/consent-requests/${old}`)).body.error.code).toBe('CONSENT_EXPIRED');
    expect((await asPerson('GET', `/consent-requests/${fresh}`)).body.data.status).toBe('pending');
  });

  it('changing the person while the link is open revokes it and returns onboarding to send_consent', async () => {
    const { owner, accountUid, seatUid } = await familyWithPerson();
    const token = tokenOf((await ask(owner.token, seatUid, 'later')).body.data.seat.consent.link as string);
    const seat = (await call('GET', `/seats/${seatUid}`, { token: owner.token })).body.data;
    await call('PUT', `/seats/${seatUid}/dependent`, {
      token: owner.token,
      body: { ...seat.dependent, name: 'Beatriz Souza' },
    });
    expect((await call('GET', `/seats/${seatUid}`, { token: owner.token })).body.data.consent).toMatchObject({
      status: 'revoked',
      link: null,
    });
    expect(
      (await call('GET', `/accounts/${accountUid}/onboarding`, { token: owner.token })).body.data.nextStep,
    ).toBe('send_consent');
    expect((await asPerson('GET', `/consent-requests/${token}`)).body.error.code).toBe('CONSENT_EXPIRED');
    expect((await asPerson('POST', `/consent-requests/${token}/decline`, {})).body.error.code).toBe(
      'CONSENT_EXPIRED',
    );
  });

  it('records a refuted relationship, which blocks pairing; inconclusive blocks nothing', async () => {
    const refuted = await familyWithPerson('000000001');
    await ask(refuted.owner.token, refuted.seatUid, 'later');
    const blocked = (await call('GET', `/seats/${refuted.seatUid}/consent`, { token: refuted.owner.token }))
      .body.data;
    expect(blocked.relationshipCheck).toBe('refuted');
    expect(blocked.blockedBy).toContain('relationship_refuted');

    const inconclusive = await familyWithPerson('000000002');
    await ask(inconclusive.owner.token, inconclusive.seatUid, 'later');
    const open = (
      await call('GET', `/seats/${inconclusive.seatUid}/consent`, { token: inconclusive.owner.token })
    ).body.data;
    expect(open.relationshipCheck).toBe('inconclusive');
    expect(open.blockedBy).not.toContain('relationship_refuted');
  });
});

describe('activation and subscription', () => {
  it('answers CONSENT_REQUIRED until the person consents; the attestation must be true', async () => {
    const { owner, seatUid } = await familyWithPerson();
    await ask(owner.token, seatUid, 'later');
    const activation = await call('POST', `/seats/${seatUid}/activate`, {
      token: owner.token,
      body: { guardianAttestation: true },
    });
    expect(activation.status).toBe(422);
    expect(activation.body.error.code).toBe('CONSENT_REQUIRED');
    expect(
      (
        await call('POST', `/seats/${seatUid}/activate`, {
          token: owner.token,
          body: { guardianAttestation: false },
        })
      ).body.error.code,
    ).toBe('VALIDATION');
  });

  it('opens a subscription explicitly once; a second answers 409; unknown campaigns are refused', async () => {
    const { owner, accountUid } = await newFamily();
    expect((await call('GET', `/accounts/${accountUid}/subscription`, { token: owner.token })).status).toBe(
      404,
    );
    const unknown = await call('POST', `/accounts/${accountUid}/subscription`, {
      token: owner.token,
      body: { interval: 'monthly', campaignCode: 'NOPE' },
    });
    expect(unknown.body.error.code).toBe('CAMPAIGN_NOT_FOUND');
    const opened = await call('POST', `/accounts/${accountUid}/subscription`, {
      token: owner.token,
      body: { interval: 'yearly' },
    });
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({ status: 'trialing', interval: 'yearly', campaignCode: null });
    expect(
      (await call('GET', `/accounts/${accountUid}/subscription`, { token: owner.token })).body.data,
    ).toEqual(opened.body.data);
    expect(
      (
        await call('POST', `/accounts/${accountUid}/subscription`, {
          token: owner.token,
          body: { interval: 'monthly' },
        })
      ).status,
    ).toBe(409);
  });
});
