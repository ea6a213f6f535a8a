import { describe, expect, it } from 'vitest';
import { createSeat, getSeat, putDependent, removeSeat } from '../../../../shared/app/seats/seats';
import { askConsent } from '../../../../shared/app/consent/request';
import { fakeWorld } from '../../../support/fakes/deps';
import {
  aConsentedSeat,
  aDependent,
  aFamily,
  anActiveSeat,
  aPendingSeat,
  aStranger,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';

describe('createSeat', () => {
  it("adds a pending seat at today's price, with `seat.created`", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = await createSeat(world.deps, owner, accountUid);
    expect(seat).toMatchObject({
      status: 'pending',
      price: { amount: 2990, currency: 'BRL' },
      dependent: null,
    });
    expect(world.table.families.get(accountUid)?.seats.map((one) => one.uid)).toEqual([seat.uid]);
    expect(eventTypes(world)).toEqual(['seat.created']);
  });

  it("answers 404 for another family's account", async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    await expect(createSeat(world.deps, aStranger(world), accountUid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('getSeat', () => {
  it('shows the seat with its person and trial, never its data key; 404 outside the family', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    const view = await getSeat(world.deps, owner, seat.uid);
    expect(view).toMatchObject({ uid: seat.uid, status: 'active', dependent: { name: 'Bia Souza' } });
    expect(JSON.stringify(view)).not.toContain(seat.dataKeyId ?? 'no key');
    await expect(getSeat(world.deps, aStranger(world), seat.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('removeSeat', () => {
  it('archives a pending seat with `seat.archived`; archiving twice is harmless', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aPendingSeat(world, accountUid);
    await removeSeat(world.deps, owner, seat.uid);
    await removeSeat(world.deps, owner, seat.uid);
    expect(storedSeat(world, seat)?.status).toBe('archived');
    expect(eventTypes(world).filter((type) => type === 'seat.archived')).toHaveLength(1);
  });

  it('answers 422 SEAT_ACTIVE for an active seat', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    await expect(removeSeat(world.deps, owner, seat.uid)).rejects.toMatchObject({ code: 'SEAT_ACTIVE' });
  });
});

describe('putDependent', () => {
  it('fills in the person with `seat.dependent_updated`; the same data again writes nothing', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aPendingSeat(world, accountUid, { dependent: null });
    await putDependent(world.deps, owner, seat.uid, aDependent);
    await putDependent(world.deps, owner, seat.uid, aDependent);
    expect(storedSeat(world, seat)?.dependent).toMatchObject({ name: 'Bia Souza' });
    expect(eventTypes(world)).toEqual(['seat.dependent_updated']);
  });

  it("revokes the person's open link when the data changes (`consent.revoked`)", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aPendingSeat(world, accountUid);
    await askConsent(world.deps, owner, seat.uid, { send: 'later' });
    await putDependent(world.deps, owner, seat.uid, { ...aDependent, name: 'Beatriz Souza' });
    expect(eventTypes(world)).toContain('consent.revoked');
  });

  it('answers 422 DEPENDENT_LOCKED once the person consented to the data', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aConsentedSeat(world, accountUid);
    await expect(
      putDependent(world.deps, owner, seat.uid, { ...aDependent, name: 'Beatriz Souza' }),
    ).rejects.toMatchObject({ code: 'DEPENDENT_LOCKED' });
  });
});
