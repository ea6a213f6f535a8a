import { describe, expect, it } from 'vitest';
import { getProfile, updateProfile } from '../../../../shared/app/me/profile';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily } from '../../../support/fakes/seed';

describe('getProfile', () => {
  it("answers the caller's profile, and 401 to a caller who is no user", async () => {
    const world = fakeWorld();
    const { owner } = aFamily(world);
    await expect(getProfile(world.deps, owner)).resolves.toMatchObject({
      email: 'ana@example.com',
      name: 'Ana Souza',
    });
    await expect(getProfile(world.deps, { userUid: 'usr_gone' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('updateProfile', () => {
  it("changes only the fields sent, and copies a new name onto the user's members", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const updated = await updateProfile(world.deps, owner, { name: 'Ana S.' });
    expect(updated).toMatchObject({ name: 'Ana S.', email: 'ana@example.com', phone: null });
    expect(world.table.users.get(owner.userUid)).toMatchObject({ name: 'Ana S.', version: 1 });
    expect(world.table.families.get(accountUid)?.members[0]).toMatchObject({ name: 'Ana S.', version: 1 });
  });

  it('writes nothing when the values sent are the ones kept', async () => {
    const world = fakeWorld();
    const { owner } = aFamily(world);
    await updateProfile(world.deps, owner, { name: 'Ana Souza' });
    expect(world.table.users.get(owner.userUid)?.version).toBe(0);
  });
});
