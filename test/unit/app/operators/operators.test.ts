import { describe, expect, it } from 'vitest';
import {
  changeOperatorRole,
  inviteOperatorMember,
  listAudit,
  listOperatorMembers,
  readOverview,
  removeOperatorMember,
} from '../../../../shared/app/operators/operators';
import { addProxy, burnProxy } from '../../../../shared/app/proxies/pool';
import type { Operator } from '../../../../shared/domain/operators/roster';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';

const owner: Operator = { uid: 'op-owner', email: 'boss@example.com', role: 'owner' };
const operator: Operator = { uid: 'op-ops', email: 'ops@example.com', role: 'operator' };

/** A roster of an owner and an operator. */
const withRoster = (world: FakeWorld) => {
  world.deps.roster.roster = {
    members: [owner, operator].map((member) => ({ ...member, createdAt: '2026-01-01T00:00:00.000Z' })),
    version: 1,
  };
};

describe('listOperatorMembers', () => {
  it('shows the roster to an owner and answers 403 to an operator', async () => {
    const world = fakeWorld();
    withRoster(world);
    expect((await listOperatorMembers(world.deps, owner)).members.map((one) => one.uid)).toEqual([
      'op-owner',
      'op-ops',
    ]);
    await expect(listOperatorMembers(world.deps, operator)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('inviteOperatorMember', () => {
  it("adds the directory's user to the roster with the owner's audit entry", async () => {
    const world = fakeWorld();
    withRoster(world);
    const member = await inviteOperatorMember(world.deps, owner, {
      email: 'new@example.com',
      role: 'operator',
    });
    expect(world.deps.directory.users.get('new@example.com')).toEqual({ uid: member.uid, role: 'operator' });
    expect(world.deps.roster.roster.members.map((one) => one.email)).toContain('new@example.com');
    expect(world.table.audit.map((entry) => entry.action)).toEqual(['operator_member.invited']);
  });

  it('refuses an invitation before the directory makes anyone: 409 for a member, 403 for an operator', async () => {
    const world = fakeWorld();
    withRoster(world);
    await expect(
      inviteOperatorMember(world.deps, owner, { email: 'ops@example.com', role: 'owner' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      inviteOperatorMember(world.deps, operator, { email: 'new@example.com', role: 'operator' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(world.deps.directory.users.size).toBe(0);
  });
});

describe('changeOperatorRole', () => {
  it("moves the member's role in the roster and the directory's groups", async () => {
    const world = fakeWorld();
    withRoster(world);
    await expect(changeOperatorRole(world.deps, owner, 'op-ops', 'owner')).resolves.toMatchObject({
      role: 'owner',
    });
    expect(world.deps.directory.users.get('ops@example.com')?.role).toBe('owner');
    expect(world.table.audit.map((entry) => entry.action)).toEqual(['operator_member.role_changed']);
  });

  it('answers SELF_CHANGE for oneself and MEMBER_UNKNOWN for no member', async () => {
    const world = fakeWorld();
    withRoster(world);
    await expect(changeOperatorRole(world.deps, owner, 'op-owner', 'operator')).rejects.toMatchObject({
      code: 'SELF_CHANGE',
    });
    await expect(changeOperatorRole(world.deps, owner, 'op-nobody', 'owner')).rejects.toMatchObject({
      code: 'MEMBER_UNKNOWN',
    });
  });
});

describe('removeOperatorMember', () => {
  it('takes the member off the roster, then deletes the directory’s user', async () => {
    const world = fakeWorld();
    withRoster(world);
    await world.deps.directory.create('ops@example.com', 'operator');
    await removeOperatorMember(world.deps, owner, 'op-ops');
    expect(world.deps.roster.roster.members.map((one) => one.uid)).toEqual(['op-owner']);
    expect(world.deps.directory.users.has('ops@example.com')).toBe(false);
  });

  it('answers LAST_OWNER for the last owner removing themself', async () => {
    const world = fakeWorld();
    withRoster(world);
    await expect(removeOperatorMember(world.deps, owner, 'op-owner')).rejects.toMatchObject({
      code: 'LAST_OWNER',
    });
  });
});

describe('listAudit', () => {
  it('pages the trail newest first with a cursor', async () => {
    const world = fakeWorld();
    withRoster(world);
    await inviteOperatorMember(world.deps, owner, { email: 'a@example.com', role: 'operator' });
    world.deps.clock.advance(1000);
    await inviteOperatorMember(world.deps, owner, { email: 'b@example.com', role: 'operator' });
    const first = await listAudit(world.deps, { limit: 1 });
    const second = await listAudit(world.deps, { limit: 1, cursor: first.nextCursor ?? undefined });
    expect([...first.audit, ...second.audit].map((entry) => entry.at)).toEqual([
      '2026-11-22T10:00:01.000Z',
      '2026-11-22T10:00:00.000Z',
    ]);
  });

  it('answers 400 BAD_REQUEST for a cursor of another list', async () => {
    const world = fakeWorld();
    await expect(listAudit(world.deps, { limit: 1, cursor: 'garbage' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('readOverview', () => {
  it("sums the counters written with each change and shows the event queues' depths", async () => {
    const world = fakeWorld();
    const added = await addProxy(world.deps, operator, {
      label: 'sp-1',
      address: 'http://u:p@203.0.113.7:1',
      capacity: 2,
    });
    await addProxy(world.deps, operator, { label: 'sp-2', address: 'http://u:p@203.0.113.8:1', capacity: 2 });
    await burnProxy(world.deps, operator, added.uid);
    world.deps.queues.current.sessionEvents = { waiting: 3, inFlight: 1, dead: 0 };
    expect(await readOverview(world.deps)).toMatchObject({
      proxiesActive: 1,
      proxiesBurned: 1,
      queue: { sessionEvents: { waiting: 3, inFlight: 1, dead: 0 } },
    });
  });
});
