import { describe, expect, it } from 'vitest';
import { startPersonPairing } from '../../../../shared/app/pairing/start';
import { answerPasskey, answerPersonPasskey } from '../../../../shared/app/pairing/passkey';
import { sessionEnd } from '../../../../shared/app/pairing/sessions';
import type { StoredChallenge } from '../../../../shared/domain/pairing/pairing';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aLinkReadyToPair, personIp } from '../../../support/fakes/consent-link';
import { aFamily, aProxy, aSeatWithPairing, storedSeat } from '../../../support/fakes/seed';

const numberToCompare: StoredChallenge = {
  kind: 'passkey_confirm',
  value: '42',
  confirmation: 'number',
  expiresAt: null,
};

/** A family whose seat's pairing waits for the person to compare a number. */
const comparing = async (world: FakeWorld, challenge = numberToCompare) => {
  await aProxy(world);
  const family = aFamily(world);
  const seat = aSeatWithPairing(world, family.accountUid, { status: 'passkey', challenge });
  return { ...family, seat, sessionName: seat.pairing?.sessionName ?? '' };
};

describe('answerPasskey', () => {
  it('confirms at the provider when the numbers match: connecting', async () => {
    const world = fakeWorld();
    const { owner, seat, sessionName } = await comparing(world);
    await expect(answerPasskey(world.deps, owner, seat.uid, true)).resolves.toMatchObject({
      status: 'connecting',
      challenge: null,
    });
    expect(world.deps.sessions.calls).toEqual([`confirmPasskey ${sessionName}`]);
  });

  it('ends the pairing as passkey_refused when they do not: its slot back, its session ended', async () => {
    const world = fakeWorld();
    const { owner, seat, sessionName } = await comparing(world);
    await expect(answerPasskey(world.deps, owner, seat.uid, false)).resolves.toMatchObject({
      status: 'cancelled',
      failureReason: 'passkey_refused',
    });
    expect(world.deps.sessions.calls).toEqual([]);
    expect(world.table.proxies.get('sp-1')?.bound).toBe(0);
    expect(world.deps.sessionEnds.bodies().map((body) => sessionEnd.parse(body).sessionName)).toEqual([
      sessionName,
    ]);
  });

  it('answers 422 PAIRING_NOT_AWAITING_CONFIRMATION outside a number comparison', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aSeatWithPairing(world, accountUid, { status: 'challenge' });
    await expect(answerPasskey(world.deps, owner, seat.uid, true)).rejects.toMatchObject({
      code: 'PAIRING_NOT_AWAITING_CONFIRMATION',
    });
    expect(storedSeat(world, seat)?.pairing?.status).toBe('challenge');
  });

  it('answers 422 CONFIRMATION_NOT_SUPPORTED for a WebAuthn request saved before such pairings ended', async () => {
    const world = fakeWorld();
    const { owner, seat } = await comparing(world, { ...numberToCompare, confirmation: 'webauthn' });
    await expect(answerPasskey(world.deps, owner, seat.uid, true)).rejects.toMatchObject({
      code: 'CONFIRMATION_NOT_SUPPORTED',
    });
  });
});

describe('answerPersonPasskey', () => {
  it("takes the person's answer on their page", async () => {
    const world = fakeWorld();
    await aProxy(world);
    const { token, seat } = await aLinkReadyToPair(world);
    await startPersonPairing(world.deps, token, personIp);
    const stored = storedSeat(world, seat);
    if (stored?.pairing == null) throw new Error('no pairing');
    stored.pairing = { ...stored.pairing, status: 'passkey', challenge: numberToCompare };
    await expect(answerPersonPasskey(world.deps, token, personIp, true)).resolves.toMatchObject({
      status: 'connecting',
    });
    await expect(answerPersonPasskey(world.deps, token, personIp, true)).rejects.toMatchObject({
      code: 'PAIRING_NOT_AWAITING_CONFIRMATION',
    });
  });

  it('applies the fixed budget of 10 answers per link in 10 minutes', async () => {
    const world = fakeWorld();
    const unknown = 'x'.repeat(43);
    for (let answer = 0; answer < 10; answer += 1)
      await expect(answerPersonPasskey(world.deps, unknown, personIp, true)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    await expect(answerPersonPasskey(world.deps, unknown, personIp, true)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});
