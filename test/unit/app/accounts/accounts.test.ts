import { describe, expect, it } from 'vitest';
import {
  createAccount,
  getCatalog,
  getOnboarding,
  inviteMember,
  listAccounts,
  listMembers,
  removeMember,
  updateMember,
} from '../../../../shared/app/accounts/accounts';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, aGuardian, aPendingSeat, aStranger, aUser, eventTypes } from '../../../support/fakes/seed';

describe('createAccount', () => {
  it('makes the caller the owner of a new family, with `account.created`', async () => {
    const world = fakeWorld();
    const ana = aUser(world, 'ana@example.com', 'Ana');
    const account = await createAccount(world.deps, { userUid: ana.uid }, { name: 'Souza' });
    expect(account).toMatchObject({ name: 'Souza', role: 'owner' });
    expect(world.table.families.get(account.uid)?.members).toMatchObject([
      { userUid: ana.uid, role: 'owner', name: 'Ana', email: 'ana@example.com' },
    ]);
    expect(eventTypes(world)).toEqual(['account.created']);
  });

  it('answers 401 UNAUTHORIZED to a caller who is no user', async () => {
    const world = fakeWorld();
    await expect(createAccount(world.deps, { userUid: 'usr_gone' }, { name: 'X' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('listAccounts', () => {
  it("lists the caller's families with their role, and none for a newcomer", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const guardian = aGuardian(world, accountUid);
    expect(await listAccounts(world.deps, owner)).toEqual([
      { uid: accountUid, name: 'Souza', role: 'owner' },
    ]);
    expect(await listAccounts(world.deps, guardian)).toEqual([
      { uid: accountUid, name: 'Souza', role: 'guardian' },
    ]);
    expect(await listAccounts(world.deps, aStranger(world))).toEqual([]);
  });
});

describe('getOnboarding', () => {
  it('asks for a first seat, then for the oldest pending seat’s next step', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    expect(await getOnboarding(world.deps, owner, accountUid)).toMatchObject({
      nextStep: 'add_seat',
      complete: false,
    });
    const seat = aPendingSeat(world, accountUid);
    expect(await getOnboarding(world.deps, owner, accountUid)).toMatchObject({ nextSeatUid: seat.uid });
  });

  it("answers 404 for another family's account, as for one that does not exist", async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    await expect(getOnboarding(world.deps, aStranger(world), accountUid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('listMembers', () => {
  it('shows the owner every address and a guardian only their own', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const guardian = aGuardian(world, accountUid);
    const byOwner = await listMembers(world.deps, owner, accountUid);
    expect(byOwner.map((member) => member.email)).toEqual(['ana@example.com', 'caio@example.com']);
    const byGuardian = await listMembers(world.deps, guardian, accountUid);
    expect(byGuardian.map((member) => member.email)).not.toContain('ana@example.com');
    expect(byGuardian.map((member) => member.email)).toContain('caio@example.com');
  });
});

describe('inviteMember', () => {
  it('adds a guardian, creating the user of a new address, with `member.added`', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const member = await inviteMember(world.deps, owner, accountUid, {
      email: 'Caio@Example.com',
      relationship: 'parent',
    });
    expect(member).toMatchObject({ role: 'guardian', email: 'caio@example.com' });
    expect([...world.table.users.values()].map((user) => user.email)).toContain('caio@example.com');
    expect(eventTypes(world)).toEqual(['member.added']);
  });

  it('brings an existing user’s name onto their member', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const caio = aUser(world, 'caio@example.com', 'Caio');
    await inviteMember(world.deps, owner, accountUid, { email: 'caio@example.com' });
    expect(
      world.table.families.get(accountUid)?.members.find((one) => one.userUid === caio.uid),
    ).toMatchObject({
      name: 'Caio',
    });
  });

  it('answers 409 CONFLICT for someone already in the family', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    aGuardian(world, accountUid, 'caio@example.com');
    await expect(
      inviteMember(world.deps, owner, accountUid, { email: 'caio@example.com' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('answers 422 EMAIL_DOMAIN_INVALID for a domain that cannot receive mail', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    await expect(
      inviteMember(world.deps, owner, accountUid, { email: 'caio@gmial.com' }),
    ).rejects.toMatchObject({ code: 'EMAIL_DOMAIN_INVALID' });
  });

  it('answers 403 FORBIDDEN to a guardian', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const guardian = aGuardian(world, accountUid);
    await expect(
      inviteMember(world.deps, guardian, accountUid, { email: 'duda@example.com' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('updateMember', () => {
  it("changes a guardian's relationship, moving the member's version, with `member.updated`", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const guardian = aGuardian(world, accountUid);
    await updateMember(world.deps, owner, accountUid, guardian.userUid, { relationship: 'grandparent' });
    expect(
      world.table.families.get(accountUid)?.members.find((one) => one.userUid === guardian.userUid),
    ).toMatchObject({ relationship: 'grandparent', version: 1 });
    expect(eventTypes(world)).toEqual(['member.updated']);
  });

  it('answers 422 OWNER_HAS_NO_RELATIONSHIP for the owner, 404 for someone not a member', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    await expect(
      updateMember(world.deps, owner, accountUid, owner.userUid, { relationship: 'parent' }),
    ).rejects.toMatchObject({ code: 'OWNER_HAS_NO_RELATIONSHIP' });
    await expect(
      updateMember(world.deps, owner, accountUid, 'usr_nobody', { relationship: 'parent' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('removeMember', () => {
  it('removes a guardian from the family, with `member.removed`', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const guardian = aGuardian(world, accountUid);
    await removeMember(world.deps, owner, accountUid, guardian.userUid);
    expect(world.table.families.get(accountUid)?.members.map((one) => one.userUid)).toEqual([owner.userUid]);
    expect(eventTypes(world)).toEqual(['member.removed']);
  });

  it('answers 422 OWNER_NOT_REMOVABLE for the owner', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    await expect(removeMember(world.deps, owner, accountUid, owner.userUid)).rejects.toMatchObject({
      code: 'OWNER_NOT_REMOVABLE',
    });
  });
});

describe('getCatalog', () => {
  it('prices the seat and the chat channel from configuration, with the trial', () => {
    const world = fakeWorld();
    const catalog = getCatalog(world.deps);
    expect(JSON.stringify(catalog)).toContain('2990');
    expect(JSON.stringify(catalog)).toContain('7 days free');
  });
});
