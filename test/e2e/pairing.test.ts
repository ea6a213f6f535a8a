import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { eventsOf, protectedSeat } from './support/consent';
import { pairingReaches, sessionOf, simulate } from './support/pairing';

const eventTypes = async (accountUid: string) =>
  (await eventsOf(accountUid)).map((event) => `${String(event['eventType'])}:${String(event['source'])}`);

describe('pairing on the guardian’s screen (QR)', () => {
  it('goes starting → challenge (QR by event) → connecting → paired, and the first pairing starts the trial', async () => {
    const { owner, accountUid, seatUid } = await protectedSeat();
    const started = await call('POST', `/seats/${seatUid}/pairing`, {
      token: owner.token,
      body: { channel: 'chat', method: 'qr' },
    });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({
      status: 'starting',
      channel: 'chat',
      method: 'qr',
      challenge: null,
    });

    const challenged = await pairingReaches(owner.token, seatUid, 'challenge');
    expect(challenged.body.data.challenge).toMatchObject({ kind: 'qr', data: expect.stringMatching(/^2@/) });

    await simulate(await sessionOf(seatUid), 'link');
    const paired = await pairingReaches(owner.token, seatUid, 'paired');
    expect(paired.body.data).toMatchObject({ failureReason: null, reconnectAttempts: 0, nextRetryAt: null });
    expect(paired.body.data.pairedAt).toEqual(paired.body.data.lastSeenAt);

    const seat = (await call('GET', `/seats/${seatUid}`, { token: owner.token })).body.data;
    expect(seat.trial).toMatchObject({ state: 'active', trialEndsAt: expect.any(String) });
    expect(
      (await call('GET', `/seats/${seatUid}/protection`, { token: owner.token })).body.data,
    ).toMatchObject({
      state: 'protecting',
    });
    const types = await eventTypes(accountUid);
    expect(types).toEqual(
      expect.arrayContaining([
        'pairing.status:api',
        'pairing.challenge:workers',
        'pairing.paired:workers',
        'trial.started:workers',
      ]),
    );
  });
});
