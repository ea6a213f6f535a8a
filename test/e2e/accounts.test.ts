import { describe, expect, it } from 'vitest';
import { call, deliveriesSoFar, newFamily, nextDelivery, signUp, uniqueEmail, uniqueIp } from './support/api';

describe('accounts', () => {
  it('starts with no account: onboarding begins at creating one', async () => {
    const { token } = await signUp();
    const listed = await call('GET', '/accounts', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ success: true, data: [] });
  });

  it('creates a family account whose creator is the owner, and lists it', async () => {
    const { token } = await signUp();
    const created = await call('POST', '/accounts', { token, body: { name: 'Família Souza' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      uid: expect.stringMatching(/^acc_/),
      name: 'Família Souza',
      role: 'owner',
    });
    const listed = await call('GET', '/accounts', { token });
    expect(listed.body.data).toEqual([created.body.data]);
  });

  it('answers 404 (never 403) to an account of another family', async () => {
    const { accountUid } = await newFamily();
    const stranger = await signUp();
    for (const path of [`/accounts/${accountUid}/onboarding`, `/accounts/${accountUid}/members`]) {
      const answer = await call('GET', path, { token: stranger.token });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call('POST', `/accounts/${accountUid}/seats`, { token: stranger.token })).status).toBe(404);
    expect((await call('GET', '/accounts/acc_doesnotexist', { token: stranger.token })).status).toBe(404);
  });
});

describe('profile', () => {
  it('reads and updates the caller profile; an identical update changes nothing', async () => {
    const { token, email } = await signUp();
    const updated = await call('PATCH', '/me', {
      token,
      body: {
        name: 'Ana Souza',
        phone: '+5511912345678',
        document: { type: 'cpf', number: '390.533.447-05' },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      email,
      name: 'Ana Souza',
      phone: '+5511912345678',
      document: { number: '39053344705' },
    });
    expect((await call('GET', '/me', { token })).body.data).toEqual(updated.body.data);
    expect((await call('PATCH', '/me', { token, body: { name: 'Ana Souza' } })).body.data).toEqual(
      updated.body.data,
    );
  });
});

describe('members', () => {
  it('lets the owner invite a guardian who then signs in and sees the family, e-mails masked', async () => {
    const { owner, accountUid } = await newFamily();
    const guardianEmail = uniqueEmail('guardian');
    const invited = await call('POST', `/accounts/${accountUid}/members`, {
      token: owner.token,
      body: { email: guardianEmail, relationship: 'grandparent' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({
      role: 'guardian',
      relationship: 'grandparent',
      email: guardianEmail,
    });

    const seen = await deliveriesSoFar(guardianEmail);
    await call('POST', '/auth/otp/request', {
      body: { email: guardianEmail, delivery: 'code' },
      headers: { 'x-forwarded-for': uniqueIp() },
    });
    const { code } = await nextDelivery(guardianEmail, seen);
    const token = (await call('POST', '/auth/otp/verify', { body: { email: guardianEmail, code } })).body.data
      .accessToken as string;

    expect((await call('GET', '/accounts', { token })).body.data).toEqual([
      { uid: accountUid, name: 'Silva', role: 'guardian' },
    ]);
    const asGuardian = await call('GET', `/accounts/${accountUid}/members`, { token });
    const ownerRow = asGuardian.body.data.find((member: { role: string }) => member.role === 'owner');
    expect(ownerRow.email).toBe(`${owner.email[0]}***@example.com`);
    const selfRow = asGuardian.body.data.find((member: { role: string }) => member.role === 'guardian');
    expect(selfRow.email).toBe(guardianEmail);
    const asOwner = await call('GET', `/accounts/${accountUid}/members`, { token: owner.token });
    expect(asOwner.body.data.map((member: { email: string }) => member.email).sort()).toEqual(
      [owner.email, guardianEmail].sort(),
    );
  });

  it('keeps owner-only actions to the owner: a guardian gets 403 FORBIDDEN', async () => {
    const { owner, accountUid } = await newFamily();
    const guardian = await signUp();
    await call('POST', `/accounts/${accountUid}/members`, {
      token: owner.token,
      body: { email: guardian.email },
    });
    const invite = await call('POST', `/accounts/${accountUid}/members`, {
      token: guardian.token,
      body: { email: uniqueEmail() },
    });
    expect(invite.status).toBe(403);
    expect(invite.body.error.code).toBe('FORBIDDEN');
  });

  it('refuses a relationship for the owner and the owner’s removal; removes a guardian', async () => {
    const { owner, accountUid } = await newFamily();
    const members = (await call('GET', `/accounts/${accountUid}/members`, { token: owner.token })).body.data;
    const ownerUid = members[0].uid as string;
    const relate = await call('PATCH', `/accounts/${accountUid}/members/${ownerUid}`, {
      token: owner.token,
      body: { relationship: 'parent' },
    });
    expect(relate.status).toBe(422);
    expect(relate.body.error.code).toBe('OWNER_HAS_NO_RELATIONSHIP');
    const remove = await call('DELETE', `/accounts/${accountUid}/members/${ownerUid}`, {
      token: owner.token,
    });
    expect(remove.status).toBe(422);
    expect(remove.body.error.code).toBe('OWNER_NOT_REMOVABLE');

    const invited = await call('POST', `/accounts/${accountUid}/members`, {
      token: owner.token,
      body: { email: uniqueEmail() },
    });
    const memberUid = invited.body.data.uid as string;
    const patched = await call('PATCH', `/accounts/${accountUid}/members/${memberUid}`, {
      token: owner.token,
      body: { relationship: 'sibling' },
    });
    expect(patched.body.data.relationship).toBe('sibling');
    const removed = await call('DELETE', `/accounts/${accountUid}/members/${memberUid}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expect(
      (await call('GET', `/accounts/${accountUid}/members`, { token: owner.token })).body.data,
    ).toHaveLength(1);
  });

  it('answers 409 CONFLICT to inviting someone who is already a member', async () => {
    const { owner, accountUid } = await newFamily();
    const again = await call('POST', `/accounts/${accountUid}/members`, {
      token: owner.token,
      body: { email: owner.email },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
  });
});

describe('catalog', () => {
  it('is public and lists the seat and the chat channel with their trial', async () => {
    const catalog = await call('GET', '/catalog');
    expect(catalog.status).toBe(200);
    expect(catalog.body.data.services).toEqual([
      expect.objectContaining({
        code: 'seat',
        price: { amount: 2990, currency: 'BRL' },
        trialDays: 7,
        trialStartsOn: 'first_connection',
      }),
      expect.objectContaining({ code: 'channel.chat', price: { amount: 1990, currency: 'BRL' } }),
    ]);
    expect(catalog.body.data).toMatchObject({
      trialDays: 7,
      trialStartsOn: 'first_connection',
      trialLabel: expect.any(String),
    });
  });
});
