import { describe, expect, it } from 'vitest';
import { listAllAccounts, listSubscriptions } from '../../../../shared/app/operators/accounts';
import { listConnections } from '../../../../shared/app/operators/connections';
import { listConsents } from '../../../../shared/app/operators/consents';
import { listCustomers } from '../../../../shared/app/operators/customers';
import { listDependents } from '../../../../shared/app/operators/dependents';
import { seatTimeline } from '../../../../shared/app/operators/timeline';
import { listUsers } from '../../../../shared/app/operators/users';
import { createSubscription } from '../../../../shared/app/accounts/subscription';
import { askConsent } from '../../../../shared/app/consent/request';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, aPairedSeat, aPendingSeat } from '../../../support/fakes/seed';

/** Two families, the second a second later, each with a pending seat. */
const twoFamilies = (world: FakeWorld) => {
  const first = aFamily(world, 'ana@example.com');
  const firstSeat = aPendingSeat(world, first.accountUid);
  world.deps.clock.advance(1000);
  const second = aFamily(world, 'bruno@example.com');
  const secondSeat = aPendingSeat(world, second.accountUid);
  return { first, second, firstSeat, secondSeat };
};

describe('listUsers', () => {
  it('lists users newest first with their address masked, never their name', async () => {
    const world = fakeWorld();
    twoFamilies(world);
    const { users } = await listUsers(world.deps, { limit: 10 });
    expect(users.map((user) => user.email)).toEqual(['b***@example.com', 'a***@example.com']);
    expect(JSON.stringify(users)).not.toContain('Souza');
  });

  it('finds the one user of an exact address by its hash', async () => {
    const world = fakeWorld();
    const { first } = twoFamilies(world);
    const { users } = await listUsers(world.deps, { limit: 10, email: 'ana@example.com' });
    expect(users.map((user) => user.uid)).toEqual([first.owner.userUid]);
  });
});

describe('listAllAccounts', () => {
  it('lists accounts newest first, uid and instant only, with a cursor after a full page', async () => {
    const world = fakeWorld();
    const { first, second } = twoFamilies(world);
    const page = await listAllAccounts(world.deps, { limit: 1 });
    expect(page.accounts).toEqual([{ uid: second.accountUid, createdAt: '2026-11-22T10:00:01.000Z' }]);
    const next = await listAllAccounts(world.deps, { limit: 1, cursor: page.nextCursor ?? undefined });
    expect(next.accounts.map((account) => account.uid)).toEqual([first.accountUid]);
  });
});

describe('listSubscriptions', () => {
  it("lists each account's subscription, newest first", async () => {
    const world = fakeWorld();
    const { first } = twoFamilies(world);
    await createSubscription(world.deps, first.owner, first.accountUid, { interval: 'yearly' });
    expect((await listSubscriptions(world.deps, { limit: 10 })).subscriptions).toMatchObject([
      { accountUid: first.accountUid, status: 'trialing', interval: 'yearly' },
    ]);
  });
});

describe('listCustomers', () => {
  it("lists each account's owner with their position and masked address", async () => {
    const world = fakeWorld();
    const { first, second } = twoFamilies(world);
    const page = await listCustomers(world.deps, { limit: 1 });
    expect(page.customers).toMatchObject([
      { position: 1, accountUid: second.accountUid, email: 'b***@example.com' },
    ]);
    const next = await listCustomers(world.deps, { limit: 1, cursor: page.nextCursor ?? undefined });
    expect(next.customers).toMatchObject([{ position: 2, accountUid: first.accountUid }]);
  });
});

describe('listDependents', () => {
  it('lists the protected people newest first, masked', async () => {
    const world = fakeWorld();
    const { firstSeat, secondSeat } = twoFamilies(world);
    const { dependents } = await listDependents(world.deps, { limit: 10 });
    expect(dependents.map((row) => row.seatUid)).toEqual([secondSeat.uid, firstSeat.uid]);
    expect(JSON.stringify(dependents)).not.toContain('Bia Souza');
    expect(JSON.stringify(dependents)).not.toContain('52998224725');
  });
});

describe('listConsents', () => {
  it("lists each seat's consent request with its status as the person would find it", async () => {
    const world = fakeWorld();
    const { first, firstSeat } = twoFamilies(world);
    await askConsent(world.deps, first.owner, firstSeat.uid, { send: 'later' });
    expect((await listConsents(world.deps, { limit: 10 })).consents).toMatchObject([
      { seatUid: firstSeat.uid, status: 'pending', evidenceVerified: false },
    ]);
    world.deps.clock.advance(2 * 86_400_000);
    expect((await listConsents(world.deps, { limit: 10 })).consents).toMatchObject([{ status: 'expired' }]);
  });
});

describe('listConnections', () => {
  it('lists pairings of one status or all', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    expect((await listConnections(world.deps, { limit: 10 })).connections).toMatchObject([
      { seatUid: seat.uid, status: 'paired' },
    ]);
    expect((await listConnections(world.deps, { limit: 10, status: 'degraded' })).connections).toEqual([]);
  });
});

describe('seatTimeline', () => {
  it("shows the seat's consent events newest first, type, source and instant only", async () => {
    const world = fakeWorld();
    const { first, firstSeat } = twoFamilies(world);
    await askConsent(world.deps, first.owner, firstSeat.uid, { send: 'later' });
    const { events } = await seatTimeline(world.deps, firstSeat.uid, { limit: 50 });
    expect(events.map((event) => event.type)).toContain('consent.requested');
    expect(Object.keys(events[0] ?? {})).toEqual(['id', 'type', 'source', 'occurredAt']);
  });

  it('answers 400 BAD_REQUEST for a cursor that names no place of a timeline', async () => {
    const world = fakeWorld();
    await expect(seatTimeline(world.deps, 'st_x', { limit: 50, cursor: 'garbage' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
