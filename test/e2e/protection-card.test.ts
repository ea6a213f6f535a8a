import { describe, expect, it } from 'vitest';
import { calendarDate } from '../../shared/domain/family/week';
import { call, uniqueEmail } from './support/api';
import { protectedSeat } from './support/consent';
import { pair } from './support/pairing';

describe('the protection card, over the local stack', () => {
  it('draws a paired seat: state, consent, connection, recipients with their alerts channels, the week', async () => {
    const family = await protectedSeat();
    await pair(family);
    const muted = await call('PUT', '/notifications/preferences', {
      token: family.owner.token,
      body: { categories: { alerts: { email: false } } },
    });
    expect(muted.status).toBe(200);
    const guardianEmail = uniqueEmail('guardian');
    const invited = await call('POST', `/accounts/${family.accountUid}/members`, {
      token: family.owner.token,
      body: { email: guardianEmail, relationship: 'grandparent' },
    });
    expect(invited.status).toBe(201);

    const card = await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token });
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({
      seatUid: family.seatUid,
      person: { name: expect.any(String), kind: expect.stringMatching(/^(minor|adult)$/) },
      protection: { state: 'protecting', reason: null, since: expect.any(String), action: null },
      consent: { status: 'given', givenAt: expect.any(String), revokedBy: null },
      connection: {
        channel: 'chat',
        status: 'paired',
        pairedAt: expect.any(String),
        nextRetryAt: null,
      },
      pause: null,
      recipients: [
        {
          memberUid: expect.any(String),
          name: 'Ana Souza',
          role: 'owner',
          channels: { inbox: true, email: false, push: true },
        },
        // No name given yet: named by e-mail, as the member list shows it; preferences at their defaults.
        {
          memberUid: invited.body.data.uid,
          name: guardianEmail,
          role: 'guardian',
          channels: { inbox: true, email: true, push: true },
        },
      ],
      alerts: { open: 0 },
    });
    const week = card.body.data.week as {
      date: string;
      state: string;
      protectedMinutes: number;
      drops: number;
    }[];
    expect(week).toHaveLength(7);
    expect(week.at(-1)).toMatchObject({ date: calendarDate(new Date()), drops: 0 });
    // Today was watched since the activation, connected since the pairing: some or all of it.
    expect(['partial', 'protected']).toContain(week.at(-1)?.state);
    expect(week.slice(0, 6).every((day) => day.state === 'not_started' && day.protectedMinutes === 0)).toBe(
      true,
    );
  });

  it('shows a pause with its end, and the paused state', async () => {
    const family = await protectedSeat();
    await pair(family);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const paused = await call('POST', `/seats/${family.seatUid}/pause`, {
      token: family.owner.token,
      body: { until },
    });
    expect(paused.status).toBe(200);
    const card = await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token });
    expect(card.body.data).toMatchObject({
      protection: { state: 'paused', reason: 'paused_by_guardian', action: 'resume_pause' },
      pause: { pausedAt: paused.body.data.pause.pausedAt, until, cause: 'guardian' },
      connection: { status: 'paired' },
    });
    // Today was watched from the activation to the pause: it is not a paused day.
    expect(['partial', 'protected']).toContain(card.body.data.week.at(-1).state);
  });
});
