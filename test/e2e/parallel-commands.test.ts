import { describe, expect, it } from 'vitest';
import { call, newFamily } from './support/api';
import { askedSeat, eventsOf, giveConsent } from './support/consent';

/**
 * Commands on one family sent at the same moment (truly in parallel, through the local stack): those
 * that do not contradict each other all succeed; a real contradiction still answers 409.
 */

/** A family with `count` seats whose persons consented, ready to be activated. */
const familyReadyToActivate = async (count: number) => {
  const { owner, accountUid } = await newFamily();
  await call('PATCH', '/me', { token: owner.token, body: { name: 'Ana Souza' } });
  const seats: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { seatUid, linkToken } = await askedSeat(owner, accountUid);
    await giveConsent(linkToken);
    seats.push(seatUid);
  }
  return { owner, accountUid, seats };
};

const activate = (token: string, seatUid: string) =>
  call('POST', `/seats/${seatUid}/activate`, { token, body: { guardianAttestation: true } });

const eventTypes = async (accountUid: string) =>
  (await eventsOf(accountUid)).map((event) => event['eventType'] as string);

describe('commands on one family at the same moment', () => {
  it('four first activations at once all succeed and share one subscription', async () => {
    const { owner, accountUid, seats } = await familyReadyToActivate(4);
    const answers = await Promise.all(seats.map((seatUid) => activate(owner.token, seatUid)));
    expect(answers.map((answer) => [answer.status, answer.body.error?.code])).toEqual(
      seats.map(() => [200, undefined]),
    );
    for (const seatUid of seats) {
      const seat = await call('GET', `/seats/${seatUid}`, { token: owner.token });
      expect(seat.body.data.status).toBe('active');
    }
    expect(
      (await call('GET', `/accounts/${accountUid}/subscription`, { token: owner.token })).body.data,
    ).toMatchObject({ status: 'trialing' });
    const types = await eventTypes(accountUid);
    expect(types.filter((type) => type === 'subscription.opened')).toHaveLength(1);
    expect(types.filter((type) => type === 'seat.activated')).toHaveLength(4);
  });

  it('two activations and a seat creation at once all succeed', async () => {
    const { owner, accountUid, seats } = await familyReadyToActivate(2);
    const [first, second, created] = await Promise.all([
      activate(owner.token, seats[0] ?? ''),
      activate(owner.token, seats[1] ?? ''),
      call('POST', `/accounts/${accountUid}/seats`, { token: owner.token }),
    ]);
    expect([first?.status, second?.status, created?.status]).toEqual([200, 200, 201]);
    expect((await eventTypes(accountUid)).filter((type) => type === 'subscription.opened')).toHaveLength(1);
  });

  it('a real contradiction still answers 409: two subscriptions opened at once, one is refused', async () => {
    const { owner, accountUid } = await newFamily();
    const open = () =>
      call('POST', `/accounts/${accountUid}/subscription`, {
        token: owner.token,
        body: { interval: 'monthly' },
      });
    const answers = await Promise.all([open(), open()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'The account already has a subscription.',
    });
  });
});
