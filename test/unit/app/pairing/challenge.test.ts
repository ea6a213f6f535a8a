import { describe, expect, it } from 'vitest';
import { renewChallenge } from '../../../../shared/app/pairing/challenge';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, anActiveSeat, aSeatWithPairing, eventTypes, storedSeat } from '../../../support/fakes/seed';

/** A family whose seat's pairing is `starting`, its session at the provider in `providerStatus`. */
const startingPairing = (world: FakeWorld, providerStatus: string) => {
  const family = aFamily(world);
  const seat = aSeatWithPairing(world, family.accountUid, { status: 'starting' });
  const sessionName = seat.pairing?.sessionName ?? '';
  world.deps.sessions.have(sessionName, { status: providerStatus });
  return { ...family, seat, sessionName };
};

describe('renewChallenge', () => {
  it('gives a fresh QR from the provider, published as pairing.challenge', async () => {
    const world = fakeWorld();
    const { owner, seat, sessionName } = startingPairing(world, 'SCAN_QR_CODE');
    await expect(renewChallenge(world.deps, owner, seat.uid, undefined)).resolves.toMatchObject({
      status: 'challenge',
      method: 'qr',
      challenge: { kind: 'qr', data: `qr:${sessionName}`, expiresAt: '2026-11-22T10:00:20.000Z' },
    });
    expect(eventTypes(world)).toEqual(expect.arrayContaining(['pairing.status', 'pairing.challenge']));
  });

  it("switches to a code for the person's phone, asked with its digits; guardians never see it", async () => {
    const world = fakeWorld();
    const { owner, seat, sessionName } = startingPairing(world, 'SCAN_QR_CODE');
    const view = await renewChallenge(world.deps, owner, seat.uid, 'code');
    expect(view).toMatchObject({
      method: 'code',
      challenge: { kind: 'code_on_dependent_phone', expiresAt: '2026-11-22T10:02:00.000Z' },
    });
    expect(world.deps.sessions.calls).toEqual([`requestCode ${sessionName} 5511987654321`]);
    expect(storedSeat(world, seat)?.pairing?.challenge).toMatchObject({ kind: 'code', value: 'ABCD1234' });
  });

  it('keeps the method chosen while the provider is not yet waiting for a link: the challenge follows', async () => {
    const world = fakeWorld();
    const { owner, seat } = startingPairing(world, 'STARTING');
    await expect(renewChallenge(world.deps, owner, seat.uid, 'code')).resolves.toMatchObject({
      status: 'starting',
      method: 'code',
      challenge: null,
    });
    expect(eventTypes(world)).toEqual([]);
  });

  it('answers 422 PAIRING_NOT_OPEN without an open pairing, PAIRING_NOT_SWITCHABLE once something was typed', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const none = anActiveSeat(world, accountUid);
    await expect(renewChallenge(world.deps, owner, none.uid, 'qr')).rejects.toMatchObject({
      code: 'PAIRING_NOT_OPEN',
    });
    const ended = aSeatWithPairing(world, accountUid, { status: 'revoked' });
    await expect(renewChallenge(world.deps, owner, ended.uid, 'qr')).rejects.toMatchObject({
      code: 'PAIRING_NOT_OPEN',
    });
    const typed = aSeatWithPairing(world, accountUid, { status: 'connecting' });
    await expect(renewChallenge(world.deps, owner, typed.uid, 'code')).rejects.toMatchObject({
      code: 'PAIRING_NOT_SWITCHABLE',
    });
  });
});
