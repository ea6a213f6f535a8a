import { describe, expect, it } from 'vitest';
import { startPersonPairing } from '../../../../shared/app/pairing/start';
import { pairingAvatar, readPairing, readPersonPairing } from '../../../../shared/app/pairing/read';
import type { StoredChallenge } from '../../../../shared/domain/pairing/pairing';
import { fakeWorld } from '../../../support/fakes/deps';
import { aLinkReadyToPair, personIp } from '../../../support/fakes/consent-link';
import {
  aFamily,
  aGuardian,
  anActiveSeat,
  aPairedSeat,
  aProxy,
  aSeatWithPairing,
  aStranger,
  storedSeat,
} from '../../../support/fakes/seed';

const code = (expiresAt: string): StoredChallenge => ({
  kind: 'code',
  value: 'ABCD1234',
  confirmation: null,
  expiresAt,
});

describe('readPairing', () => {
  it('shows guardians that a code is on the person’s phone, never the code', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const expiresAt = new Date(world.deps.clock.now().getTime() + 120_000).toISOString();
    const seat = aSeatWithPairing(world, accountUid, {
      status: 'challenge',
      method: 'code',
      challenge: code(expiresAt),
    });
    const view = await readPairing(world.deps, aGuardian(world, accountUid), seat.uid);
    expect(view).toMatchObject({
      status: 'challenge',
      method: 'code',
      challenge: { kind: 'code_on_dependent_phone', expiresAt },
    });
    expect(JSON.stringify(view)).not.toContain('ABCD1234');
  });

  it('shows the latest pairing once it ended, with why', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aSeatWithPairing(world, accountUid, {
      status: 'cancelled',
      failureReason: 'passkey_refused',
    });
    await expect(readPairing(world.deps, owner, seat.uid)).resolves.toMatchObject({
      status: 'cancelled',
      failureReason: 'passkey_refused',
      challenge: null,
    });
  });

  it('answers 404 when the seat never had a pairing, and for another family', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    await expect(readPairing(world.deps, owner, seat.uid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const paired = aPairedSeat(world, accountUid, 'sp-1');
    await expect(readPairing(world.deps, aStranger(world), paired.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('readPersonPairing', () => {
  it('shows the person their own pairing with the code to type', async () => {
    const world = fakeWorld();
    await aProxy(world);
    const { token, seat } = await aLinkReadyToPair(world);
    await expect(readPersonPairing(world.deps, token, personIp)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await startPersonPairing(world.deps, token, personIp);
    const stored = storedSeat(world, seat);
    if (stored?.pairing == null) throw new Error('no pairing');
    stored.pairing = { ...stored.pairing, status: 'challenge', challenge: code('2026-11-22T10:02:00.000Z') };
    await expect(readPersonPairing(world.deps, token, personIp)).resolves.toMatchObject({
      status: 'challenge',
      challenge: { kind: 'code', code: 'ABCD1234', expiresAt: '2026-11-22T10:02:00.000Z' },
    });
  });

  it('applies the fixed budget of 120 reads per link in 10 minutes', async () => {
    const world = fakeWorld();
    const unknown = 'x'.repeat(43);
    for (let read = 0; read < 120; read += 1)
      await expect(readPersonPairing(world.deps, unknown, personIp)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    await expect(readPersonPairing(world.deps, unknown, personIp)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});

describe('pairingAvatar', () => {
  const photo = { bytes: new Uint8Array([0xff, 0xd8, 0xff]), contentType: 'image/jpeg' };

  it('serves the person’s own profile photo while connected', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    world.deps.sessions.have(seat.pairing?.sessionName ?? '', { status: 'WORKING', photo });
    await expect(pairingAvatar(world.deps, owner, seat.uid)).resolves.toEqual(photo);
  });

  it('answers 404 before a connection, and when the person has no photo', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const linking = aSeatWithPairing(world, accountUid, { status: 'connecting' });
    world.deps.sessions.have(linking.pairing?.sessionName ?? '', { photo });
    await expect(pairingAvatar(world.deps, owner, linking.uid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const withoutPhoto = aPairedSeat(world, accountUid, 'sp-1');
    await expect(pairingAvatar(world.deps, owner, withoutPhoto.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
