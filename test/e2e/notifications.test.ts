import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { call, signUp } from './support/api';
import { askedFamily, asPerson, giveConsent } from './support/consent';
import { awaitLogLines } from './support/logs';

const inboxOf = async (token: string) => {
  const answer = await call('GET', '/notifications', { token });
  expect(answer.status).toBe(200);
  return answer.body.data.notifications as { type: string; category: string; seatUid: string }[];
};

describe('notification preferences (/notifications/preferences)', () => {
  it('are all on until changed; a partial change merges; an unknown category is refused', async () => {
    const { token } = await signUp();
    const initial = await call('GET', '/notifications/preferences', { token });
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual({
      categories: {
        alerts: { inbox: true, email: true, push: true },
        connection: { inbox: true, email: true, push: true },
        consent: { inbox: true, email: true, push: true },
        account: { inbox: true, email: true, push: true },
      },
      criticalTypes: expect.arrayContaining(['pairing.disconnected', 'consent.stopped']),
    });
    const changed = await call('PUT', '/notifications/preferences', {
      token,
      body: { categories: { account: { email: false }, alerts: { push: false } } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.categories.account).toEqual({ inbox: true, email: false, push: true });
    await call('PUT', '/notifications/preferences', {
      token,
      body: { categories: { account: { inbox: false } } },
    });
    const read = await call('GET', '/notifications/preferences', { token });
    expect(read.body.data.categories).toMatchObject({
      account: { inbox: false, email: false, push: true },
      alerts: { inbox: true, email: true, push: false },
    });
    const unknown = await call('PUT', '/notifications/preferences', {
      token,
      body: { categories: { marketing: { email: false } } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION');
  });
});

describe('devices (/me/devices)', () => {
  it('register a token once (201, the same device again), remove it (204, then 404), never log the token', async () => {
    const { token } = await signUp();
    const pushToken = `apns-${randomUUID()}-${randomUUID()}`;
    const first = await call('POST', '/me/devices', { token, body: { platform: 'ios', token: pushToken } });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ uid: expect.stringMatching(/^dv_/), platform: 'ios' });
    const again = await call('POST', '/me/devices', { token, body: { platform: 'ios', token: pushToken } });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    const uid = first.body.data.uid as string;
    expect((await call('DELETE', `/me/devices/${uid}`, { token })).status).toBe(204);
    expect((await call('DELETE', `/me/devices/${uid}`, { token })).status).toBe(404);
    const badPlatform = await call('POST', '/me/devices', {
      token,
      body: { platform: 'web', token: pushToken },
    });
    expect(badPlatform.status).toBe(400);
    expect(
      await awaitLogLines<{ deviceUid: string }>('push.dev_endpoint', (line) => line.deviceUid === uid, 1),
    ).toHaveLength(1);
    expect(await readFile(inject('stackLog'), 'utf8')).not.toContain(pushToken);
  });
});

describe('the consent notifications', () => {
  it('reach the inbox when the person accepts, with their category and nothing of the person', async () => {
    const family = await askedFamily();
    await giveConsent(family.linkToken);
    const inbox = await inboxOf(family.owner.token);
    expect(inbox).toEqual([
      {
        id: expect.any(String),
        type: 'consent.given',
        category: 'consent',
        severity: 'warning',
        seatUid: family.seatUid,
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
  });

  it('with the inbox off stay out of it, but a critical one (the person stops) reaches it anyway', async () => {
    const family = await askedFamily();
    const off = await call('PUT', '/notifications/preferences', {
      token: family.owner.token,
      body: { categories: { consent: { inbox: false, email: false, push: false } } },
    });
    expect(off.status).toBe(200);
    await giveConsent(family.linkToken);
    expect(await inboxOf(family.owner.token)).toEqual([]);
    const stopped = await asPerson('POST', `/consent-requests/${family.linkToken}/stop`);
    expect(stopped.status).toBe(200);
    // Written in the stop's own transaction: there as soon as the stop answers.
    const inbox = await inboxOf(family.owner.token);
    expect(inbox.map((one) => [one.type, one.category])).toEqual([['consent.stopped', 'consent']]);
  });
});
