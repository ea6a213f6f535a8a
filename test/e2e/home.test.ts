import { describe, expect, it } from 'vitest';
import { addSeat, call, newFamily } from './support/api';
import { askedFamily } from './support/consent';

describe('the home screen, over the local stack', () => {
  it('shows the account, the next onboarding step, the people oldest first, the alerts and the unread count', async () => {
    const family = await askedFamily();
    const second = await addSeat(family.owner.token, family.accountUid);

    const home = await call('GET', `/accounts/${family.accountUid}/home`, { token: family.owner.token });
    expect(home.status).toBe(200);
    expect(home.body.data).toMatchObject({
      account: { uid: family.accountUid, name: 'Silva' },
      onboarding: { nextStep: 'await_consent', nextSeatUid: family.seatUid, complete: false },
      alerts: { open: 0, latest: [] },
      notifications: { unread: 0 },
    });
    const people = home.body.data.people as Record<string, unknown>[];
    expect(people.map((person) => person.seatUid)).toEqual([family.seatUid, second]);
    expect(people[0]).toMatchObject({
      name: 'Bia Souza',
      kind: expect.stringMatching(/^(minor|adult)$/),
      seatStatus: 'pending',
      protection: { state: 'waiting_consent' },
      connection: null,
      warmup: null,
      alerts: { open: 0 },
    });
    expect(people[0]?.week).toHaveLength(7);
    expect(people[1]).toMatchObject({ name: null, kind: null, seatStatus: 'pending', connection: null });
  });

  it('answers 404 (never 403) to a member of another family, as the other account routes', async () => {
    const { accountUid } = await newFamily();
    const other = await newFamily();
    const answer = await call('GET', `/accounts/${accountUid}/home`, { token: other.owner.token });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('NOT_FOUND');
  });
});
